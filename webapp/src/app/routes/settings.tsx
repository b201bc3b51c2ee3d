import { useStoreUser } from '@/features/auth/hooks/use-store-user'
import type { User } from '@/features/auth/types'
import { ChannelsList } from '@/features/notifications/components/channels-list'
import { DevicePushSwitch } from '@/features/notifications/components/device-push-switch'
import { QuietHoursEditor } from '@/features/notifications/components/quiet-hours-editor'
import { notificationsText } from '@/features/notifications/content'
import { AdvancedSettings } from '@/features/settings/components/advanced-settings'
import { DeleteAccount } from '@/features/settings/components/delete-account'
import { ExportData } from '@/features/settings/components/export-data'
import { HistoryRetention } from '@/features/settings/components/history-retention'
import { PasswordForm } from '@/features/settings/components/password-form'
import { ProfileForm } from '@/features/settings/components/profile-form'
import { SettingsSection } from '@/features/settings/components/settings-section'
import { settingsText } from '@/features/settings/content'
import { EscalationSettingsSection } from '@/features/sos/components/escalation-settings'

export type SettingsRouteProps = {
  user: User
}

export function SettingsRoute({ user }: SettingsRouteProps) {
  const storeUser = useStoreUser()
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{settingsText.pageTitle}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{settingsText.title}</h1>
        <p className="mt-2 text-muted-foreground">{settingsText.description}</p>
      </div>
      <ProfileForm user={user} onSaved={storeUser} />
      <PasswordForm hasPassword={user.hasPassword} />
      <SettingsSection id="channels" title={notificationsText.channels.title} description={notificationsText.channels.description}>
        <ChannelsList timeZone={user.timezone} />
      </SettingsSection>
      <SettingsSection id="device-push" title={notificationsText.device.title} description={notificationsText.device.description}>
        <DevicePushSwitch timeZone={user.timezone} />
      </SettingsSection>
      <SettingsSection id="quiet-hours" title={notificationsText.quiet.title} description={notificationsText.quiet.description}>
        <QuietHoursEditor timeZone={user.timezone} />
      </SettingsSection>
      <EscalationSettingsSection />
      <HistoryRetention user={user} onSaved={storeUser} />
      <AdvancedSettings user={user} onSaved={storeUser} />
      <ExportData />
      <DeleteAccount hasPassword={user.hasPassword} />
    </div>
  )
}
