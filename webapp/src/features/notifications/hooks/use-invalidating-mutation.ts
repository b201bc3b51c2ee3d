import { useMutation, useQueryClient } from '@tanstack/react-query'

/** A mutation that refetches one query (through its key) once it has settled, whichever way it went. */
export function useInvalidatingMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>, key: readonly unknown[]) {
  const client = useQueryClient()
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: key }) })
}
