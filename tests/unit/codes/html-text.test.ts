import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../../server/codes/html-text.js';

describe('htmlToText', () => {
  it('puts blocks on their own lines, drops styles, scripts and comments, and decodes entities', () => {
    const html =
      '<html><head><title>T</title><style>.c{color:red}</style></head><body><!-- tracking 123456 -->' +
      '<script>var x = 999999;</script><h1>Verify&nbsp;your email</h1><p>Your code:<br><b>482&#32;913</b></p>' +
      '<table><tr><td>Expires</td><td>10&nbsp;min</td></tr></table><p>&copy; 2024 &lt;ACME&gt; &#x4E2D;&#25991;</p></body></html>';
    expect(htmlToText(html)).toBe('Verify your email\nYour code:\n482 913\nExpires 10 min\n© 2024 <ACME> 中文');
  });

  it('leaves unknown entities and bare ampersands alone', () => {
    expect(htmlToText('a &bogus; b & c')).toBe('a &bogus; b & c');
  });
});
