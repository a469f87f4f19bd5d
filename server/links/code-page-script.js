// The script of /c/<token> (served as /c.js): keeps the page current and copies. Plain ES2017, no
// dependencies; every value reaches the page through textContent, never as HTML.
(function () {
  'use strict';
  // The state texts come with the page (server/links/code-page.ts holds them once).
  var STATE_TEXT = JSON.parse(document.body.getAttribute('data-states') || '{}');
  // Links that can never change again: no more reads.
  var FINAL = { revoked: true, refunded: true, finished: true };
  // A refunded or revoked number is no longer the holder's: nothing to copy (the page is drawn so too).
  var NO_COPY = { revoked: true, refunded: true };
  var WAIT_SECONDS = 25;

  var token = location.pathname.split('/').filter(Boolean).pop() || '';
  var $ = function (id) {
    return document.getElementById(id);
  };
  var state = document.body.getAttribute('data-state') || 'active';
  var code = $('code').classList.contains('none') ? '' : $('code').textContent;
  var failures = 0;
  // When the price goes back if no code comes (ms since the epoch; 0: no such refund now).
  var refundAt = Number(document.body.getAttribute('data-refund-at')) || 0;
  // The server's clock, not this device's, decides: count from the difference at load.
  var skew = (Number(document.body.getAttribute('data-now')) || Date.now()) - Date.now();
  var LIVE = { active: true, code_received: true, used_up: true };

  function stateText(d) {
    if (d.reset) return '已重提，等待新验证码';
    if (d.state === 'used_up' && d.code) return '已收到验证码';
    return STATE_TEXT[d.state] || d.state;
  }

  function stateClass(d) {
    if (d.state === 'active') return 'state';
    return d.state === 'code_received' || (d.state === 'used_up' && d.code) ? 'state ok' : 'state end';
  }

  function show(d) {
    state = d.state;
    code = d.code || '';
    $('identifier').textContent = d.identifier;
    var codeEl = $('code');
    codeEl.textContent = code || '暂无';
    codeEl.className = code ? 'value' : 'value none';
    document.querySelector('button[data-copy="code"]').disabled = !code;
    document.querySelectorAll('button[data-copy]').forEach(function (b) {
      b.hidden = Boolean(NO_COPY[d.state]);
    });
    var stateEl = $('state');
    stateEl.textContent = stateText(d);
    stateEl.className = stateClass(d);
    $('text').textContent = d.text || '';
    $('text').hidden = !d.text;
    $('expires').textContent = d.expires_at || '';
    $('left').textContent = d.receives_left === null || d.receives_left === undefined ? '不限' : String(d.receives_left);
    $('received-at').textContent = d.received_at || '';
    $('received').hidden = !d.received_at;
    $('product').textContent = d.product || '';
    $('refund-at').textContent = d.refund_at || '';
    $('refund').hidden = !d.refund_at;
    if (!d.refund_at) refundAt = 0;
    document.title = code ? '验证码 ' + code : '验证码 · ' + d.identifier;
  }

  /** The time left before the automatic refund, counted down on the page (the server's time set it). */
  function tick() {
    var el = $('refund-left');
    var ms = refundAt - (Date.now() + skew);
    if (!refundAt || ms <= 0) {
      el.textContent = '';
      return;
    }
    var s = Math.ceil(ms / 1000);
    el.textContent = '（还剩 ' + Math.floor(s / 60) + ' 分 ' + ('0' + (s % 60)).slice(-2) + ' 秒）';
  }
  setInterval(tick, 1000);
  tick();

  function notice(text, end) {
    var stateEl = $('state');
    stateEl.textContent = text;
    stateEl.className = end ? 'state end' : 'state';
  }

  var toastTimer = 0;
  function toast(text) {
    var t = $('toast');
    t.textContent = text;
    t.className = 'toast show';
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      t.className = 'toast';
    }, 1500);
  }

  // The Clipboard API where the page is a secure context; the old way elsewhere (plain http, in-app browsers).
  function copyText(text) {
    function fallback() {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      var done;
      try {
        done = document.execCommand('copy');
      } catch (e) {
        done = false;
      }
      area.remove();
      return Promise.resolve(done);
    }
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () {
        return true;
      }, fallback);
    }
    return fallback();
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-copy]');
    if (!button || button.disabled || NO_COPY[state]) return;
    var which = button.getAttribute('data-copy');
    var text = which === 'code' ? code : $('identifier').textContent;
    if (!text) return;
    copyText(text).then(function (done) {
      toast(done ? (which === 'code' ? '验证码已复制' : '已复制') : '复制失败，请长按手动复制');
    });
  });

  function later(ms) {
    setTimeout(read, ms);
  }

  /**
   * After an answer: a live link is read again at once, held by the server until what it shows changes
   * (a code, a 重提 clearing it, the end); an expired one now and then (a renewal brings it back).
   */
  function next() {
    if (FINAL[state]) return;
    later(LIVE[state] ? 200 : 30000);
  }

  function read() {
    var url = '/api/code/' + encodeURIComponent(token) + (LIVE[state] ? '?wait=' + WAIT_SECONDS + '&seen=' + encodeURIComponent(code) : '');
    fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(function (res) {
        return res.json();
      })
      .then(
        function (env) {
          failures = 0;
          if (env.code === 200) {
            show(env.data);
            next();
            return;
          }
          if (env.code === 404) {
            notice('链接不存在或已失效', true);
            return;
          }
          if (env.code === 429) {
            later(((env.data && env.data.retry_after) || 5) * 1000);
            return;
          }
          later(10000);
        },
        function () {
          failures += 1;
          notice('网络连接中断，正在重试…', false);
          later(Math.min(30000, 2000 * failures));
        },
      );
  }

  // Someone signed in to the console in this browser (the owner, most likely) can manage the number
  // there: 取消, 完成, 重提 and 续费 move money or end it, so they stay behind the console's login,
  // which also decides whether this browser's account may see the number at all.
  try {
    if (localStorage.getItem('token')) {
      $('manage-link').href = '/items/api/token?f_token=' + encodeURIComponent(token);
      $('manage').hidden = false;
    }
  } catch (e) {
    /* storage blocked: the page works without the link */
  }

  next();
})();
