/** User-visible texts of the shared UI parts; tests import them rather than retype them. */
export const UI_MESSAGES = {
  /** 01 §5: dropdown field in an error state. */
  fieldShouldNotBeEmpty: 'Field should not be empty',
  /** 01 §5: a dropdown may be marked optional. */
  optional: '(Optional)',
  close: 'Close',
  dismissNotification: 'Dismiss notification',
  notifications: 'Notifications',
  loading: 'Loading',
  selectPlaceholder: 'Select an option',
} as const;
