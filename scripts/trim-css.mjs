// Cuts antd's extracted CSS down to what a pre-rendered page draws: a rule stays when every class its
// selector names (outside :not(), which matches the absent ones) is on the page. antd's CSS is minified
// and flat (rules, @media/@supports blocks, @keyframes), so braces are enough to walk it.

/** The class names used anywhere in the page's HTML. */
export function classesIn(html) {
  const names = new Set();
  for (const [, list] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of list.split(/\s+/)) if (name) names.add(name);
  return names;
}

/** The end of the block opened at css[open] ('{'), quotes respected. */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) return css.length;
    } else if (c === '{') depth += 1;
    else if (c === '}' && (depth -= 1) === 0) return i;
  }
  return css.length;
}

function selectorUsed(selector, classes) {
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const [, name] of positive.matchAll(/\.((?:[\w-]|\\.)+)/g)) if (!classes.has(name.replace(/\\/g, ''))) return false;
  return true;
}

/** The CSS with the rules for classes absent from the page left out. */
export function trimCss(css, classes) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    const head = css.slice(i, open).trim();
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end);
    if (head.startsWith('@media') || head.startsWith('@supports') || head.startsWith('@layer')) {
      const inner = trimCss(body, classes);
      if (inner) out += `${head}{${inner}}`;
    } else if (head.startsWith('@')) {
      out += `${head}{${body}}`; // @keyframes, @font-face: kept whole
    } else {
      const kept = head.split(/,(?![^()]*\))/).filter((s) => selectorUsed(s, classes));
      if (kept.length) out += `${kept.join(',')}{${body}}`;
    }
    i = end + 1;
  }
  return out;
}
