/** Mutation keys of the settings feature (it has no queries of its own: the user comes from auth). */
export const settingsKeys = {
  all: ['settings'] as const,
  profile: () => [...settingsKeys.all, 'profile'] as const,
  history: () => [...settingsKeys.all, 'history'] as const,
  advanced: () => [...settingsKeys.all, 'advanced'] as const,
  password: () => [...settingsKeys.all, 'password'] as const,
  deleteAccount: () => [...settingsKeys.all, 'delete-account'] as const,
}
