import { inspectSettings } from './env.js';

/**
 * `npm run admin -- check-config`: every setting as the server would take it (secrets masked: the
 * passwords, tokens and keys only said to be set, DATABASE_URL without its password), then what is
 * wrong. Exit code 1 when something is, as the start would stop on it.
 */
export function checkConfig(env: NodeJS.ProcessEnv = process.env): { code: number; lines: string[] } {
  const { shown, problems } = inspectSettings(env);
  const width = Math.max(...shown.map((s) => s.name.length));
  const lines = ['生效的设置（未设置的取默认值，机密已隐去）：'];
  for (const s of shown) lines.push(`  ${s.name.padEnd(width)}  ${s.value}${s.from === 'default' ? '  （默认）' : ''}`);
  if (!problems.length) return { code: 0, lines: [...lines, '设置没有问题。'] };
  return { code: 1, lines: [...lines, `有 ${problems.length} 项设置有误（服务不会启动）：`, ...problems.map((p) => `  ${p}`)] };
}
