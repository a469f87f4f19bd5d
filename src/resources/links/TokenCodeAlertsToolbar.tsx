import { useEffect, useRef, useState } from 'react';
import { Button, Switch } from 'antd';
import { BellFilled, BellOutlined } from '@ant-design/icons';
import { ClickPopover } from '../../framework/ClickPopup';
import type { ToolbarActionProps } from '../../framework/registry';
import './code-alerts.css';
import { message } from '../../framework/notices';
import { alertTitle, beep, codeMark, keepAlertChoice, newCodes, readAlertChoice, unlockSound, type AlertChoice } from './code-alerts';

const PREFIX = /^\(\d+\) 新验证码 - /;
/** A hidden tab's list is not refreshed by the list itself; this one asks for it now and then, so a code is still noticed. */
const HIDDEN_REFRESH_MS = 15_000;

/**
 * Telling a customer a code has come while 我的API is open: the tab's title counts the new codes until
 * the page is looked at; under 新码提醒, 浏览器通知 (permission asked on its click only) shows a browser
 * notification and 提示音 beeps. Both are off until turned on, and remembered in this browser.
 */
export default function TokenCodeAlertsToolbar({ label, records, onDone }: ToolbarActionProps) {
  const [choice, setChoice] = useState<AlertChoice>(readAlertChoice);
  const marks = useRef(new Map<unknown, string>());
  const unseen = useRef(0);
  const choiceNow = useRef(choice);
  choiceNow.current = choice;
  const refresh = useRef(onDone);
  refresh.current = onDone;

  useEffect(() => {
    const arrived = newCodes(marks.current, records);
    for (const r of records) marks.current.set(r.id, codeMark(r));
    if (!arrived.length) return;
    unseen.current += arrived.length;
    document.title = alertTitle(unseen.current, document.title.replace(PREFIX, ''));
    const { notify, sound } = choiceNow.current;
    if (notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      for (const r of arrived)
        new Notification('收到新验证码', { body: `${String(r.identifier)}：${String(r.last_code)}`, tag: `code-${String(r.id)}` });
    }
    if (sound) beep();
  }, [records]);

  // Looked at: the page shown again, focused, touched or typed in.
  useEffect(() => {
    const seen = () => {
      if (document.hidden || !unseen.current) return;
      unseen.current = 0;
      document.title = document.title.replace(PREFIX, '');
    };
    const events = ['focus', 'pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, seen);
    document.addEventListener('visibilitychange', seen);
    const timer = window.setInterval(() => {
      if (document.hidden) refresh.current();
    }, HIDDEN_REFRESH_MS);
    return () => {
      for (const e of events) window.removeEventListener(e, seen);
      document.removeEventListener('visibilitychange', seen);
      window.clearInterval(timer);
      document.title = document.title.replace(PREFIX, '');
    };
  }, []);

  const choose = (next: AlertChoice) => {
    keepAlertChoice(next);
    setChoice(next);
  };
  const toggleNotify = async () => {
    if (choice.notify) return choose({ ...choice, notify: false });
    if (typeof Notification === 'undefined') return message.warning('这个浏览器不支持通知');
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') return message.warning('浏览器没有允许通知：请在浏览器的网站设置里允许本站通知');
    choose({ ...choice, notify: true });
    message.success('收到新验证码时会弹出通知');
  };
  const toggleSound = () => {
    if (!choice.sound) {
      unlockSound();
      beep();
    }
    choose({ ...choice, sound: !choice.sound });
  };

  const on = choice.notify || choice.sound;
  const content = (
    <div className="code-alerts" role="group" aria-label="新码提醒">
      <p className="code-alerts-note">收到新验证码时，浏览器标签页的标题会显示“新验证码”。还可以：</p>
      <label className="code-alerts-line">
        <span>浏览器通知</span>
        <Switch checked={choice.notify} onChange={() => void toggleNotify()} aria-label="浏览器通知" />
      </label>
      <label className="code-alerts-line">
        <span>提示音</span>
        <Switch checked={choice.sound} onChange={toggleSound} aria-label="提示音" />
      </label>
    </div>
  );
  return (
    <ClickPopover placement="bottomRight" title="新码提醒" content={content}>
      <Button icon={on ? <BellFilled /> : <BellOutlined />}>
        {label}
        {on ? '：开' : ''}
      </Button>
    </ClickPopover>
  );
}
