/** What a dialog's buttons can do; the host supplies them (machines and router stay out of the dialogs). */
export interface DialogActions {
  /** close the dialog (the host sends `dialog.close`, or `nav.cancel` for the guard's dialogs) */
  close(): void;
  /** go somewhere in the app (through the router, so the navigation guard still applies) */
  navigate(to: string): void;
  /** reload the page (api-error 'Try Again', prompts-error 'Refresh') */
  reload(): void;
  /**
   * a confirmation dialog's confirm button (delete-chat, delete-story, delete-wordpress, plagiarism-checker): the
   * dialog manager runs the confirmed action and closes the dialog when it is done (`dialog.confirm`)
   */
  confirm(): void;
  /** when the navigation guard asked this dialog's question: 'Yes proceed' */
  confirmLeave?: () => void;
}
