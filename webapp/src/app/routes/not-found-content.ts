/** docs/spec.md §2 not-found page, with its exact texts. */
export const notFoundText = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
  homeLink: 'Go to the home page',
} as const
