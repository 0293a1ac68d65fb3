/** What a dialog's buttons can do; the host supplies them (machines and router stay out of the dialogs). */
export interface DialogActions {
  /** close the dialog (the host sends `dialog.close`, or `nav.cancel` for the guard's dialogs) */
  close(): void;
  /** go somewhere in the app (through the router, so the navigation guard still applies) */
  navigate(to: string): void;
  /** reload the page (api-error 'Try Again', prompts-error 'Refresh') */
  reload(): void;
  /** when the navigation guard asked this dialog's question: 'Yes proceed' */
  confirmLeave?: () => void;
}
