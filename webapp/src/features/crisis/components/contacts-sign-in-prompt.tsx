import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { loginUrl, routes } from '@/config/routes'

import { crisisText } from '../content'

/** The signed-out form of the Personal Contacts card. */
export function ContactsSignInPrompt() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{crisisText.contactsTitle}</h2>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        <p className="text-muted-foreground">{crisisText.signInPrompt}</p>
        <Button asChild variant="outline" className="rounded-full">
          <a href={loginUrl(routes.crisis.path)}>{crisisText.signIn}</a>
        </Button>
      </CardContent>
    </Card>
  )
}
