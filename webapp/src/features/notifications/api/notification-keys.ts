/** Query keys of the notifications feature: the channels, their pauses, quiet hours and the push key. */
export const notificationKeys = {
  all: ['notifications'] as const,
  channels: () => [...notificationKeys.all, 'channels'] as const,
  pauses: () => [...notificationKeys.all, 'channels', 'pauses'] as const,
  quietHours: () => [...notificationKeys.all, 'quiet-hours'] as const,
  pushKey: () => [...notificationKeys.all, 'push-key'] as const,
}
