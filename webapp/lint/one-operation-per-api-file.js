/*
 * A feature's API files hold one operation each (webapp/README.md, "A
 * feature's API"): a file in features/<f>/api/ exports at most one hook, and
 * the hook is named after the file:
 *
 *   get-notes.ts       → useNotes (or useGetNotes)
 *   mark-note-read.ts  → useMarkNoteRead
 *
 * A file may export no hook at all (a plain request such as viewShare, an
 * export URL). Helpers that are hooks but not operations live in the
 * feature's hooks/. The key factories (*-keys.ts) and tests are left out by
 * the configuration, not here. `allow` names files (relative to
 * src/features/) that may keep several hooks for now.
 */
import path from 'node:path'

const pascal = (kebab) =>
  kebab
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')

/** The hook names a file may export: `use` + the file name, and for a `get-…` file the name without `get`. */
function hookNamesFor(fileName) {
  const base = path.basename(fileName).replace(/\.tsx?$/, '')
  const names = [`use${pascal(base)}`]
  if (base.startsWith('get-')) names.unshift(`use${pascal(base.slice('get-'.length))}`)
  return names
}

const isHookName = (name) => /^use[A-Z0-9]/.test(name)

/** The names a module exports from `export function`, `export const` and `export { … }`. */
function exportedNames(node) {
  if (node.type === 'ExportNamedDeclaration') {
    const decl = node.declaration
    if (decl?.type === 'FunctionDeclaration' && decl.id) return [{ name: decl.id.name, node: decl.id }]
    if (decl?.type === 'VariableDeclaration') {
      return decl.declarations.filter((d) => d.id.type === 'Identifier').map((d) => ({ name: d.id.name, node: d.id }))
    }
    return node.specifiers.map((s) => ({ name: s.exported.name ?? s.exported.value, node: s.exported }))
  }
  return []
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'A feature API file holds one operation: at most one hook, named after the file.' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      oneOperation:
        'An API file holds one operation: move {{name}} to its own file named after it (api/<verb>-<thing>.ts), or to the feature\'s hooks/ if it is not a request.',
      named: '{{name}} does not match its file name: {{file}} exports {{expected}}.',
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/')
    const allow = context.options[0]?.allow ?? []
    if (allow.some((allowed) => file.endsWith(`/src/features/${allowed}`))) return {}
    const hooks = []
    return {
      ExportNamedDeclaration(node) {
        hooks.push(...exportedNames(node).filter((e) => isHookName(e.name)))
      },
      'Program:exit'() {
        const [first, ...rest] = hooks
        if (!first) return
        const expected = hookNamesFor(file)
        if (!expected.includes(first.name)) {
          context.report({
            node: first.node,
            messageId: 'named',
            data: { name: first.name, file: path.posix.basename(file), expected: expected.join(' or ') },
          })
        }
        for (const extra of rest) context.report({ node: extra.node, messageId: 'oneOperation', data: { name: extra.name } })
      },
    }
  },
}
