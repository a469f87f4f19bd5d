/**
 * The text new:entity writes: a resource's area file, and the additive edits that gather it (the
 * resources and the menu of resources.config.ts) and name its generic writes in the audit trail (the
 * audit list's action labels, the writes' category).
 */
export interface Entity {
  /** `/api/<api>/…`, e.g. `faq`. */
  api: string;
  /** The resource, its table and its area file: `<api>s`. */
  name: string;
  /** What the screens call it. */
  label: string;
}

export function entityOf(api: string, label?: string): Entity {
  if (!/^[a-z][a-z0-9_]*$/.test(api)) throw new Error(`接口名只能包含小写字母、数字和下划线，并以字母开头：${api}`);
  return { api, name: `${api}s`, label: label?.trim() || api };
}

/** The export name of the area file (a TypeScript name). */
export function areaExport(e: Entity): string {
  return e.name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

export function areaFile(e: Entity): string {
  const q = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return `import { declare } from './declare';
import { id, newestFirst, created } from './fields';

/** ${e.label}: kept by the sup (made by npm run new:entity; its fields are declared here). */
export const ${areaExport(e)} = declare.resources({
  ${e.name}: {
    label: ${q(e.label)}, api: '${e.api}', table: '${e.name}', route: '/system/${e.api}',
    menu: { label: ${q(e.label)}, icon: 'ProfileOutlined', visible: 'sup' },
    access: { list: 'sup', show: 'sup', add: 'sup', edit: 'sup', del: 'sup' },
    defaultSort: newestFirst,
    fields: {
      id,
      name: { label: '名称', type: 'text', required: true, max: 100, list: true, search: 'contains' },
      create_at: created,
    },
    empty: { text: ${q(`还没有${e.label}`)}, action: { label: '新建', to: 'create' } },
  },
});
`;
}

/** resources.config.ts with the area imported, gathered last, and listed last in the 系统设置 section. */
export function withEntityInConfig(config: string, e: Entity): string {
  const lines = config.split('\n');
  const lastArea = findLast(lines, (l) => /^import \{ \w+ \} from '\.\/src\/resources\/[\w-]+';$/.test(l));
  // On one line or on several (as Prettier breaks a long one): the lists end where their brackets close.
  const gathered = /(export const resources = \{)([^}]*?)(,?\s*\};)/.exec(config);
  const items = /(\n\s+system: \{[^}]*?items: \[)([^\]]*?)(,?\s*\])/.exec(config);
  if (lastArea < 0 || !gathered || !items)
    throw new Error('resources.config.ts 的格式与预期不同：找不到区域的 import、resources 或 system 菜单');
  let text = config
    .replace(items[0], `${items[1]}${items[2]}, '${e.name}'${items[3]}`)
    .replace(gathered[0], `${gathered[1]}${gathered[2]}, ...${areaExport(e)}${gathered[3]}`);
  const out = text.split('\n');
  out.splice(lastArea + 1, 0, `import { ${areaExport(e)} } from './src/resources/${e.name}';`);
  text = out.join('\n');
  return text;
}

/** src/resources/audit.ts with the resource's generic writes named (新增/修改/删除 <label>). */
export function withAuditLabels(auditArea: string, e: Entity): string {
  const at = auditArea.indexOf('const actions = {\n');
  if (at < 0) throw new Error('src/resources/audit.ts 中找不到 actions');
  const end = at + 'const actions = {\n'.length;
  const line = `  '${e.api}.add': { label: '新增${e.label}' }, '${e.api}.edit': { label: '修改${e.label}' }, '${e.api}.del': { label: '删除${e.label}' },\n`;
  return auditArea.slice(0, end) + line + auditArea.slice(end);
}

/** server/audit/writes.ts with the resource's generic writes audited (category 其他). */
export function withAuditCategory(writes: string, e: Entity): string {
  const marker = 'export const CATEGORY: Record<string, AuditCategory> = {\n';
  const at = writes.indexOf(marker);
  if (at < 0) throw new Error('server/audit/writes.ts 中找不到 CATEGORY');
  const end = at + marker.length;
  return `${writes.slice(0, end)}  ${e.name}: 'other',\n${writes.slice(end)}`;
}

function findLast(lines: string[], test: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i--) if (test(lines[i])) return i;
  return -1;
}
