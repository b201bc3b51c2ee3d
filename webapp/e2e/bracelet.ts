import { expect, type Page } from '@playwright/test'
import { connectAsync, type MqttClient } from 'mqtt'

import { MQTT_ADDR_ENV } from './paths'

/*
 * A test acting as a real bracelet: paired through the API with the page's
 * session, then speaking MQTT (MQTT.js) to the binary's broker as the wire
 * contract v1 says: client ID = username = device ID, password = token,
 * positions on bracelets/{id}/position at QoS 1.
 */

export type PairedBracelet = { id: string; token: string; name: string }

export type Fix = { lat: number; lon: number; acc?: number; bat?: number; ts?: number }

export function mqttAddr(): string {
  const addr = process.env[MQTT_ADDR_ENV]
  if (!addr) throw new Error(`${MQTT_ADDR_ENV} is not set: global setup found no "Bracelets connect over MQTT to" line`)
  return addr
}

export async function pairBracelet(page: Page, name = 'Test bracelet'): Promise<PairedBracelet> {
  const response = await page.request.post('/api/devices', { data: { name } })
  expect(response.status(), await response.text()).toBe(201)
  const body = (await response.json()) as PairedBracelet
  return { id: body.id, token: body.token, name }
}

export class Bracelet {
  private seq = 0
  readonly device: PairedBracelet
  private readonly client: MqttClient

  private constructor(device: PairedBracelet, client: MqttClient) {
    this.device = device
    this.client = client
  }

  /** Connects to the suite's server, or to the broker at `addr` (HOST:PORT) of a server a spec started itself. */
  static async connect(device: PairedBracelet, addr: string = mqttAddr()): Promise<Bracelet> {
    const client = await connectAsync(`mqtt://${addr}`, {
      clientId: device.id,
      username: device.id,
      password: device.token,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    })
    return new Bracelet(device, client)
  }

  /** Publishes one fix at QoS 1 and resolves on the server's PUBACK (stored by then). */
  async publish({ lat, lon, acc = 5, bat = 80, ts = Date.now() }: Fix): Promise<void> {
    this.seq++
    const payload = JSON.stringify({ seq: this.seq, ts, lat, lon, acc, bat })
    await this.client.publishAsync(`bracelets/${this.device.id}/position`, payload, { qos: 1 })
  }

  /** Publishes any payload (well-formed or not) to bracelets/{id}/{kind} at QoS 1; resolves on the PUBACK. */
  async publishRaw(payload: string | Buffer, kind: 'position' | 'battery' = 'position'): Promise<void> {
    await this.client.publishAsync(`bracelets/${this.device.id}/${kind}`, payload, { qos: 1 })
  }

  async close(): Promise<void> {
    await this.client.endAsync()
  }
}
