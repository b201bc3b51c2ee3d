import type { ApiResponse, ApiSchema } from '@/lib/api-schema'

/** A live share link as its wearer sees it (`GET /api/share-links`). */
export type ShareLink = ApiSchema<'ShareLink'>

/** `POST /api/share-links`: the link, its token (shown once) and the page's URL. */
export type NewShareLink = ApiResponse<'createShareLink', 201>

/** `POST /api/share/view`: all a link shows. */
export type SharedView = ApiSchema<'SharedView'>

/** The lengths a link may last. */
export type ShareHours = 1 | 8 | 24
