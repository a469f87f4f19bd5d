// The script of /c/<token> (served as /c.js): keeps the page current and copies. Plain ES2017, no
// dependencies; every value reaches the page through textContent, never as HTML.
(function () {
  'use strict';
  // The state texts come with the page (server/links/code-page.ts holds them once).
  var STATE_TEXT = JSON.parse(document.body.getAttribute('data-states') || '{}');
  // Links that can never change again: no more reads.
  var FINAL = { revoked: true, refunded: true, finished: true };
  var WAIT_SECONDS = 25;

  var token = location.pathname.split('/').filter(Boolean).pop() || '';
  var $ = function (id) { return document.getElementById(id); };
  var state = document.body.getAttribute('data-state') || 'active';
  var code = $('code').classList.contains('none') ? '' : $('code').textContent;
  var failures = 0;

  function stateText(d) {
    if (d.state === 'used_up' && d.code) return '已收到验证码，接码次数已用完';
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
    var stateEl = $('state');
    stateEl.textContent = stateText(d);
    stateEl.className = stateClass(d);
    $('text').textContent = d.text || '';
    $('text').hidden = !d.text;
    $('expires').textContent = d.expires_at || '';
    $('left').textContent = d.receives_left === null || d.receives_left === undefined ? '不限' : String(d.receives_left);
    $('received-at').textContent = d.received_at || '';
    $('received').hidden = !d.received_at;
    if (code) document.title = '验证码 ' + code;
  }

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
    toastTimer = setTimeout(function () { t.className = 'toast'; }, 1500);
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
      var done = false;
      try { done = document.execCommand('copy'); } catch (e) { done = false; }
      area.remove();
      return Promise.resolve(done);
    }
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, fallback);
    }
    return fallback();
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-copy]');
    if (!button || button.disabled) return;
    var which = button.getAttribute('data-copy');
    var text = which === 'code' ? code : $('identifier').textContent;
    if (!text) return;
    copyText(text).then(function (done) {
      toast(done ? (which === 'code' ? '验证码已复制' : '已复制') : '复制失败，请长按手动复制');
    });
  });

  function later(ms) { setTimeout(read, ms); }

  /** After an answer: wait for a code at once, look again now and then once there is one, stop at the end. */
  function next() {
    if (FINAL[state]) return;
    if (state === 'active') later(200);
    else if (state === 'code_received') later(5000);
    else later(30000); // expired or used up: a renewal or a reset can bring it back
  }

  function read() {
    var url = '/api/code/' + encodeURIComponent(token) + (state === 'active' ? '?wait=' + WAIT_SECONDS : '');
    fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (env) {
        failures = 0;
        if (env.code === 200) { show(env.data); next(); return; }
        if (env.code === 404) { notice('链接不存在或已失效', true); return; }
        if (env.code === 429) { later(((env.data && env.data.retry_after) || 5) * 1000); return; }
        later(10000);
      }, function () {
        failures += 1;
        notice('网络连接中断，正在重试…', false);
        later(Math.min(30000, 2000 * failures));
      });
  }

  next();
})();
