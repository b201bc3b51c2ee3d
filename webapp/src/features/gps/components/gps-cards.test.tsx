import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { makeLocation, makeZone } from '@/testing/gps-data'
import { renderWithProviders } from '@/testing/test-utils'

import { BraceletStatusCard } from './bracelet-status-card'
import { RecentHistoryCard } from './recent-history-card'
import { ZonesCard } from './zones-card'

describe('Bracelet Status', () => {
  it('says how to start when there is no location', () => {
    renderWithProviders(<BraceletStatusCard latest={null} />)
    expect(screen.getByText('Bracelet Status')).toBeInTheDocument()
    expect(
      screen.getByText('No location data available yet. Click "Share My Location" to get started.'),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('source-badge')).not.toBeInTheDocument()
  })

  it('shows the last update, battery, accuracy rounded and the Bracelet badge', () => {
    renderWithProviders(
      <BraceletStatusCard
        latest={makeLocation({ timestamp: '2026-11-22T11:30:00Z', batteryLevel: 64, accuracy: 12.6, source: 'bracelet' })}
        timeZone="Europe/London"
      />,
    )
    expect(screen.getByTestId('status-last-update')).toHaveTextContent('Nov 22, 2026, 11:30:00 AM')
    expect(screen.getByTestId('status-battery')).toHaveTextContent('64%')
    expect(screen.getByTestId('status-accuracy')).toHaveTextContent('±13 m')
    expect(screen.getByTestId('source-badge')).toHaveTextContent('Bracelet')
  })

  it('says Manual for a shared location and leaves out what it lacks', () => {
    renderWithProviders(<BraceletStatusCard latest={makeLocation({ source: 'browser', batteryLevel: null, accuracy: null })} />)
    expect(screen.getByTestId('source-badge')).toHaveTextContent('Manual')
    expect(screen.queryByTestId('status-battery')).not.toBeInTheDocument()
    expect(screen.queryByTestId('status-accuracy')).not.toBeInTheDocument()
  })

  it.each([
    ['manual', 'Manual'],
    ['owntracks', 'OwnTracks'],
    ['overland', 'Overland'],
    ['osmand', 'Traccar Client'],
  ])('shows the badge for a %s fix as %s', (source, badge) => {
    renderWithProviders(<BraceletStatusCard latest={makeLocation({ source })} />)
    expect(screen.getByTestId('source-badge')).toHaveTextContent(badge)
  })
})

describe('Safe Zones', () => {
  it('has an empty state', () => {
    renderWithProviders(<ZonesCard zones={[]} onAdd={vi.fn()} onEdit={vi.fn()} />)
    expect(screen.getByText('Safe Zones')).toBeInTheDocument()
    expect(screen.getByText('No safe zones configured yet.')).toBeInTheDocument()
  })

  it('lists name, rounded radius, type and Active or Inactive in words', () => {
    renderWithProviders(
      <ZonesCard
        zones={[
          makeZone({ name: 'Home', radius: 149.6, isActive: true }),
          makeZone({ name: 'Old bar', type: 'avoid', radius: 80, isActive: false, dwellMinutes: 10 }),
        ]}
        onAdd={vi.fn()}
        onEdit={vi.fn()}
      />,
    )
    const [home, bar] = screen.getAllByTestId('zone-row')
    expect(within(home).getByText('Home')).toBeInTheDocument()
    expect(within(home).getByText('150 m')).toBeInTheDocument()
    expect(within(home).getByText('Safe Zone')).toBeInTheDocument()
    expect(within(home).getByText('Active')).toBeInTheDocument()
    expect(within(bar).getByText('80 m')).toBeInTheDocument()
    expect(within(bar).getByText('Avoid Zone')).toBeInTheDocument()
    expect(within(bar).getByText('Inactive')).toBeInTheDocument()
    expect(within(bar).getByText('alert after 10 min inside')).toBeInTheDocument()
  })

  it('offers add, edit and delete by keyboard-reachable buttons', async () => {
    const onAdd = vi.fn()
    const onEdit = vi.fn()
    const zone = makeZone({ name: 'Home' })
    const { user } = renderWithProviders(<ZonesCard zones={[zone]} onAdd={onAdd} onEdit={onEdit} />)
    await user.click(screen.getByRole('button', { name: 'Add zone' }))
    expect(onAdd).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Edit Home' }))
    expect(onEdit).toHaveBeenCalledWith(zone)
    await user.click(screen.getByRole('button', { name: 'Delete Home' }))
    expect(await screen.findByRole('alertdialog', { name: 'Delete Home?' })).toBeInTheDocument()
  })
})

describe('Recent History', () => {
  it('shows 3 skeleton rows while loading', () => {
    renderWithProviders(<RecentHistoryCard locations={undefined} isPending />)
    expect(screen.getAllByTestId('history-skeleton')).toHaveLength(3)
  })

  it('has an empty state', () => {
    renderWithProviders(<RecentHistoryCard locations={[]} />)
    expect(screen.getByText('No location history available.')).toBeInTheDocument()
  })

  it('shows the first 10 with time, date and battery in a 300 px scrolling list', () => {
    const locations = Array.from({ length: 12 }, (_, i) =>
      makeLocation({ timestamp: `2026-11-22T${String(20 - i).padStart(2, '0')}:05:00Z`, batteryLevel: 90 - i }),
    )
    renderWithProviders(<RecentHistoryCard locations={locations} timeZone="UTC" />)
    const rows = screen.getAllByTestId('history-row')
    expect(rows).toHaveLength(10)
    expect(rows[0]).toHaveTextContent('8:05:00 PM')
    expect(rows[0]).toHaveTextContent('Nov 22, 2026')
    expect(rows[0]).toHaveTextContent('90%')
    expect(screen.getByTestId('history-list')).toHaveClass('max-h-[300px]', 'overflow-y-auto')
  })
})
