import { ChevronDown, Download, FileJson, FileSpreadsheet } from 'lucide-react'

import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'

import { symptomsExportUrl } from '../api/export-symptoms'
import { exportText as text } from '../content'

/**
 * docs/spec.md 'Export Data': a small menu of CSV and JSON. Each is a plain
 * same-origin download link (the session cookie goes with it), so no data
 * passes through the page.
 */
export function ExportMenu() {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="rounded-full">
          <Download aria-hidden="true" />
          {text.label}
          <ChevronDown aria-hidden="true" className="-mr-1 text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{text.menuLabel}</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <a href={symptomsExportUrl('csv')} download>
            <FileSpreadsheet aria-hidden="true" />
            {text.csv}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={symptomsExportUrl('json')} download>
            <FileJson aria-hidden="true" />
            {text.json}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
