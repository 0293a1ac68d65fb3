/** User-visible texts of spec 01 §2 / §8, verbatim. */
export const errorMessages = {
  crashTitle: 'OOPS! Something went wrong',
  crashAction: 'Reload the page',
  notFoundTitle: 'Page not found',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  notFoundAction: 'Go to Home',
  maintenanceTitle: 'We’ll be back soon',
  maintenanceText: 'Wordsmith AI is undergoing scheduled maintenance. Please try again in a few minutes.',
} as const;
