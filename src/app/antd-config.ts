import type { ConfigProviderProps } from 'antd/es/config-provider';
// The ES build: the CommonJS `antd/locale/zh_CN` reaches Vite as a module object, not the locale.
import zhCN from 'antd/es/locale/zh_CN';

/** Grey text that still reads: 4.5:1 (WCAG AA) on white, on the page's #f5f7fa and on table headers. */
const QUIET_TEXT = 'rgba(0, 0, 0, 0.56)';

/**
 * antd's settings for every screen, and for what the server renders ahead of the app (its class
 * names and markup must be the app's own).
 *
 * The colours are antd's defaults made dark enough for text to reach 4.5:1 (WCAG AA): antd's blue
 * (#1677ff, 4.1:1 under white text and as a link), its grey for secondary text (0.45, 3.4:1) and
 * placeholders (0.25), its red for form errors, and the text of green, orange, gold, cyan, lime,
 * volcano and yellow tags (their shade 7 is 2.5-4.4:1 on the tag's own background; shade 8 or 9 instead).
 * Disabled controls keep antd's faint grey: it says they cannot be used.
 */
export const ANTD_CONFIG: ConfigProviderProps = {
  locale: zhCN,
  theme: {
    token: {
      colorPrimary: '#0f5fdc',
      colorInfo: '#0f5fdc', // links follow it
      // Hover darkens instead of lightening (antd's lighter blue is 3.9:1, and a tapped button stays hovered on a phone).
      colorPrimaryHover: '#0a52c6',
      colorLinkHover: '#0a52c6',
      colorError: '#cf1322',
      colorSuccessText: '#237804',
      colorWarningText: '#874d00',
      colorTextTertiary: QUIET_TEXT,
      colorTextPlaceholder: QUIET_TEXT,
      green7: '#237804',
      orange7: '#ad4e00',
      gold7: '#874d00',
      cyan7: '#006d75',
      lime7: '#3f6600',
      volcano7: '#ad2102',
      yellow7: '#876800',
    },
  },
  button: { autoInsertSpace: false },
};
