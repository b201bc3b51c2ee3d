import { Pencil, Phone, Trash2, UserPlus } from 'lucide-react'
import * as React from 'react'

import { QueryList } from '@/components/query-list'
import { ConfirmRemoval } from '@/components/confirm-removal'
import { EmptyState } from '@/components/empty-state'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { telHref } from '@/lib/tel'

import { useDeleteContact } from '../api/delete-contact'
import { useContacts } from '../api/get-contacts'
import { contactToasts, contactsText as text, crisisText, relationshipLabel } from '../content'
import type { CrisisContact } from '../types'
import { ContactDialog } from './contact-dialog'

/** The signed-in Personal Contacts card: the list, Add Emergency Contact, edit and delete. */
export function PersonalContacts() {
  const contacts = useContacts()
  const [dialog, setDialog] = React.useState<{ open: boolean; contact: CrisisContact | null }>({
    open: false,
    contact: null,
  })
  const removal = useConfirmedRemoval<CrisisContact, number>(useDeleteContact(), {
    done: () => contactToasts.removed,
    failed: contactToasts.deleteFailed,
  })
  const headingId = React.useId()

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {crisisText.contactsTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{text.description}</p>
        </div>
        <Button className="rounded-full" onClick={() => setDialog({ open: true, contact: null })}>
          <UserPlus aria-hidden="true" />
          {text.add}
        </Button>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <QueryList
          query={contacts}
          loading={<ContactListSkeleton />}
          error={{ message: text.loadFailed, retryLabel: text.retry }}
          empty={<EmptyState message={text.empty} hint={text.emptyHint} />}
        >
          {(items) => (
            <ul className="grid gap-3" aria-labelledby={headingId}>
              {items.map((contact) => (
                <ContactItem
                  key={contact.id}
                  contact={contact}
                  onEdit={() => setDialog({ open: true, contact })}
                  onDelete={() => removal.ask(contact)}
                />
              ))}
            </ul>
          )}
        </QueryList>
      </CardContent>

      <ContactDialog
        open={dialog.open}
        contact={dialog.contact}
        onOpenChange={(open) => setDialog((prev) => ({ ...prev, open }))}
      />
      <ConfirmRemoval
        removal={removal}
        title={(contact) => text.confirmTitle(contact.name)}
        description={text.confirmBody}
        cancelLabel={text.confirmKeep}
        confirmLabel={text.confirmRemove}
        lockWhilePending={false}
        buttonClassName="rounded-full"
      />
    </Card>
  )
}

type ContactItemProps = {
  contact: CrisisContact
  onEdit: () => void
  onDelete: () => void
}

function ContactItem({ contact, onEdit, onDelete }: ContactItemProps) {
  const href = telHref(contact.phone)
  const relationship = relationshipLabel(contact.relationship)
  return (
    <li className="@container rounded-xl border bg-muted/40 p-3.5 sm:p-4">
      {/* Narrow: name and actions, then the number across the whole width. Wide: one row. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-3">
        <div className="min-w-0 flex-1 basis-32">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
            <span className="break-words">{contact.name}</span>
            {contact.isEmergency && <Badge variant="danger">{text.emergency}</Badge>}
          </p>
          {relationship && <p className="text-sm text-muted-foreground">{relationship}</p>}
        </div>
        {href ? (
          <a
            href={href}
            className="order-last inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-primary/30 bg-background px-4 py-2 font-semibold wrap-anywhere text-primary outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring @md:order-none @md:w-auto"
          >
            <Phone aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">{text.call(contact.name)}:</span> <span>{contact.phone}</span>
          </a>
        ) : (
          <p className="order-last w-full px-2 font-semibold wrap-anywhere @md:order-none @md:w-auto">{contact.phone}</p>
        )}
        <div className="flex shrink-0 items-center">
          <Button variant="ghost" size="icon" className="size-11 rounded-full" aria-label={text.edit(contact.name)} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-11 rounded-full text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-300"
            aria-label={text.remove(contact.name)}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  )
}

function ContactListSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{text.loading}</span>
      <Skeleton className="h-16 rounded-xl" />
      <Skeleton className="h-16 rounded-xl" />
    </div>
  )
}

/** The Personal Contacts card while the session is still loading. */
export function ContactsSkeleton() {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <h2 className="text-lg leading-tight font-semibold">{crisisText.contactsTitle}</h2>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ContactListSkeleton />
      </CardContent>
    </Card>
  )
}
