import { vi } from 'vitest'

/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open the
 * stream through the app, then `emit` named events and `fail` it.
 */
export class EventSourceStub extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: EventSourceStub[] = []

  readonly url: string
  readonly withCredentials: boolean
  readyState = EventSourceStub.CONNECTING

  constructor(url: string | URL, init?: EventSourceInit) {
    super()
    this.url = String(url)
    this.withCredentials = init?.withCredentials ?? false
    EventSourceStub.instances.push(this)
  }

  open() {
    this.readyState = EventSourceStub.OPEN
    this.dispatchEvent(new Event('open'))
  }

  emit(type: string, data: unknown, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }))
  }

  /** The stream ended for good (an error answer): the browser will not retry by itself. */
  fail() {
    this.readyState = EventSourceStub.CLOSED
    this.dispatchEvent(new Event('error'))
  }

  close() {
    this.readyState = EventSourceStub.CLOSED
  }

  /** The newest stream that is not closed. */
  static latest(): EventSourceStub | undefined {
    return [...EventSourceStub.instances].reverse().find((s) => s.readyState !== EventSourceStub.CLOSED)
  }
}

export function stubEventSource() {
  EventSourceStub.instances = []
  vi.stubGlobal('EventSource', EventSourceStub)
  return EventSourceStub
}
