import { describe, expect, it } from 'vitest'

import type { SosSupporter } from '../types'
import { sosAudience } from './get-sos-audience'

const grant = (alerts: string[]) => ({ alerts, location: 'never' as const }) as SosSupporter['grant']

describe('sosAudience', () => {
  it('keeps the active supporters with the SOS scope, by label or name', () => {
    const list = [
      { id: 1, label: 'Sam', status: 'active', grant: grant(['sos']) },
      { id: 2, label: '', name: 'Kim Doe', status: 'active', grant: grant(['avoid_zone', 'sos']) },
      { id: 3, label: 'Robin', status: 'pending', grant: grant(['sos']) },
      { id: 4, label: 'Ash', status: 'revoked', grant: grant(['sos']) },
      { id: 5, label: 'Lee', status: 'active', grant: grant(['device']) },
    ] as SosSupporter[]
    expect(sosAudience(list)).toEqual(['Sam', 'Kim Doe'])
  })
})
