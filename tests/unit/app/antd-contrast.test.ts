/**
 * The console's antd theme gives text at least 4.5:1 (WCAG AA) against what it is drawn on: body and
 * secondary text on white and on the page's background, white on the primary colour (buttons, the
 * selected menu item), links, status texts, and each coloured tag's text on its own background.
 */
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { ANTD_CONFIG } from '../../../src/app/antd-config';

const token = theme.getDesignToken(ANTD_CONFIG.theme) as unknown as Record<string, string>;
const PAGE_BG = '#f5f7fa';

function channels(color: string): number[] {
  if (color.startsWith('#')) {
    const hex = color.length === 4 ? color.slice(1).replace(/./g, '$&$&') : color.slice(1);
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1);
  }
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number);
  return [r, g, b, a];
}

function luminance([r, g, b]: number[]): number {
  const lin = (v: number) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast of a (maybe translucent) colour drawn on an opaque background. */
function contrast(fg: string, bg: string): number {
  const [r, g, b, a] = channels(fg);
  const base = channels(bg);
  const seen = [r, g, b].map((v, i) => v * a + base[i] * (1 - a));
  const [x, y] = [luminance(seen), luminance(base)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe('antd theme contrast', () => {
  it('text, secondary text, placeholders, links and status texts on white and on the page', () => {
    const low: string[] = [];
    for (const name of [
      'colorText',
      'colorTextSecondary',
      'colorTextTertiary',
      'colorTextDescription',
      'colorTextPlaceholder',
      'colorLink',
      'colorLinkHover',
      'colorPrimary',
      'colorErrorText',
      'colorError',
      'colorSuccessText',
      'colorWarningText',
    ]) {
      for (const bg of ['#ffffff', PAGE_BG]) if (contrast(token[name], bg) < 4.5) low.push(`${name} on ${bg}`);
    }
    expect(low).toEqual([]);
  });

  it('white on the primary colour, at rest and hovered, and on the danger colour', () => {
    for (const name of ['colorPrimary', 'colorPrimaryHover', 'colorError'])
      expect(contrast('#ffffff', token[name]), name).toBeGreaterThanOrEqual(4.5);
  });

  it("every coloured tag's text on its background", () => {
    const presets = [
      'blue',
      'purple',
      'cyan',
      'green',
      'magenta',
      'pink',
      'red',
      'orange',
      'yellow',
      'volcano',
      'geekblue',
      'lime',
      'gold',
    ];
    const low = presets.filter((c) => contrast(token[`${c}7`], token[`${c}1`]) < 4.5);
    expect(low).toEqual([]);
  });
});
