// Keep the storage key and values in sync with src/components/theme/theme-provider.tsx.
;(function () {
  var theme = 'system'
  try {
    theme = localStorage.getItem('lifeline-theme') || 'system'
  } catch (e) {
    // Storage can be unavailable (private mode); fall back to the system theme.
  }
  var dark =
    theme === 'dark' ||
    (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.add(dark ? 'dark' : 'light')
})()
