/**
 * What SmsForwarder puts in `content` and `card_slot` (pppscn/SmsForwarder, entity/MsgInfo.kt and
 * receiver/SmsReceiver.kt).
 *
 * The default template, when the user set none, is on separate lines (then trimmed as a whole):
 *   sender
 *   the SMS text (itself any number of lines)
 *   SIM1_<remark>  (SIM2_..., or an empty line when the app could not tell the slot)
 *   SubId：<n>     (only since January 2023; full-width colon)
 *   yyyy-MM-dd HH:mm:ss  (receive time, the phone's local time)
 *   device name    (absent when the user set none)
 * The SIM remark is whatever the supplier typed, or the app's "fill in" button: `<carrier>_<number>`
 * (`中国移动_+8613800138000`, `CMCC_null` when the SIM does not know its number).
 */

export interface DefaultContent {
  sender: string;
  text: string;
  simLine: string;
  receiveTime: string;
  deviceName: string | null;
}

const TIME_LINE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const SUBID_LINE = /^SubId[：:]\s*-?\d+$/;
const SIM_LINE = /^SIM[12]_/;

/**
 * The parts of a default-formatted `content`, or null when it is not in that layout (a custom
 * template, or the raw text): then the caller keeps the content as the text.
 */
export function parseDefaultContent(content: string, from: string): DefaultContent | null {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  // The time line is the last line, or the one before the device name.
  let t = lines.length - 1;
  if (!TIME_LINE.test(lines[t]?.trim() ?? '')) t--;
  if (t < 2 || !TIME_LINE.test(lines[t].trim())) return null;
  let s = t - 1;
  if (SUBID_LINE.test(lines[s].trim())) s--;
  const simLine = lines[s]?.trim() ?? '';
  if (s < 1 || !(simLine === '' || SIM_LINE.test(simLine))) return null;
  // The first line is the sender; the app's GET bug sends no `from`, so then it is all we have.
  if (from && lines[0].trim() !== from.trim()) return null;
  return {
    sender: lines[0].trim(),
    text: lines.slice(1, s).join('\n').trim(),
    simLine,
    receiveTime: lines[t].trim(),
    deviceName:
      t < lines.length - 1
        ? lines
            .slice(t + 1)
            .join('\n')
            .trim() || null
        : null,
  };
}

/** 1 or 2 from `SIM1_...`/`SIM2_...`, else null. */
export function slotOf(simInfo: string | null | undefined): 1 | 2 | null {
  const m = /^\s*SIM([12])_/.exec(simInfo ?? '');
  return m ? (Number(m[1]) as 1 | 2) : null;
}

/**
 * The phone number in a SIM remark (`SIM1_+8613800138000`, `SIM1_中国移动_13800138000`,
 * `SIM2_CMCC_+86 138 0013 8000`), or null when it holds none (`SIM1_CMCC_null`, `SIM1_主卡`).
 */
export function numberInRemark(simInfo: string | null | undefined): string | null {
  const remark = (simInfo ?? '').replace(/^\s*SIM[12]_/, '');
  const runs = remark.match(/\+?\d[\d -]{3,20}\d/g);
  if (!runs) return null;
  const number = runs[runs.length - 1].replace(/[ -]/g, '');
  const digits = number.replace('+', '').length;
  return digits >= 5 && digits <= 15 ? number : null;
}
