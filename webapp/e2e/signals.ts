import type { Page } from '@playwright/test'

import { sql } from './database'

/**
 * Gives the signed-in person of page three weeks of steady check-ins
 * (cravings 3, mood 7) and three strong days up to their today (cravings
 * 6): the cravings signal's arithmetic says "averaged 6 … your usual is 3".
 * Written straight into the binary's database: a check-in made through the
 * API is always today's. Seeding twice changes nothing.
 */
export async function seedCravingRise(page: Page): Promise<void> {
  const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string }
  sql(
    `INSERT INTO check_ins (user_id, local_date, mood, craving_intensity, substance_use)
     SELECT u.id, (now() AT TIME ZONE u.timezone)::date - d, 7, CASE WHEN d < 3 THEN 6 ELSE 3 END, false
     FROM users u, generate_series(0, 22) d WHERE u.email = :'email'
     ON CONFLICT DO NOTHING`,
    { email: me.email },
  )
}
