/**
 * How a customer is told a code has come while 我的API is open: the tab's title always; a browser
 * notification and a short beep when they turned them on (kept in this browser).
 */
export interface AlertChoice {
  notify: boolean;
  sound: boolean;
}

const KEY = 'codeAlerts';

export function readAlertChoice(): AlertChoice {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<AlertChoice> | null;
    return { notify: value?.notify === true, sound: value?.sound === true };
  } catch {
    return { notify: false, sound: false };
  }
}

export function keepAlertChoice(choice: AlertChoice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // No storage: the choice lasts while the page does.
  }
}

/** What a row shows of its last code: a change of it is a code that has come. */
export const codeMark = (r: Record<string, unknown>) => (r.last_code ? `${String(r.last_code)}|${String(r.last_code_at ?? '')}` : '');

/**
 * The rows whose code changed since `before` (a row's mark by id): only rows seen before count, so a
 * page or tab just opened, or a number just bought with its code, tells nothing.
 */
export function newCodes(before: ReadonlyMap<unknown, string>, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.filter((r) => {
    const mark = codeMark(r);
    const was = before.get(r.id);
    return mark !== '' && was !== undefined && was !== mark;
  });
}

/** The tab's title while codes wait to be seen: `(2) 新验证码 - 我的API - …`. */
export const alertTitle = (count: number, title: string) => `(${count}) 新验证码 - ${title}`;

let audio: AudioContext | null = null;

/** Made on a click (a browser lets a page play sound only after one), then reused. */
export function unlockSound(): void {
  if (audio || typeof AudioContext === 'undefined') return;
  audio = new AudioContext();
}

/** A short beep (two tones), if sound was unlocked by a click. */
export function beep(): void {
  if (!audio) return;
  const now = audio.currentTime;
  for (const [i, frequency] of [880, 1320].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, now + i * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.001, now + i * 0.16 + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + i * 0.16);
    osc.stop(now + i * 0.16 + 0.15);
  }
}
