/**
 * A cache updater for a mutation's answer: the cached list with the saved
 * item in place of the one with its id (`setQueryData(key, replaceById(saved))`).
 */
export function replaceById<T extends { id: number }>(saved: T): (list: T[] | undefined) => T[] | undefined {
  return (list) => list?.map((item) => (item.id === saved.id ? saved : item))
}
