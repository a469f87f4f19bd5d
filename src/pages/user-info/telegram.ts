import { useCallback, useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** `GET /api/telegram/info`: the account's chat and what it is told. */
export interface TelegramInfo {
  bound: boolean;
  chat_title: string | null;
  events: string[];
  balance_threshold: number;
  choices: { name: string; label: string }[];
  configured: boolean;
  bot_username: string | null;
}

/** `POST /api/telegram/bind`: a one-time code and the bot's deep link. */
export interface BindCode {
  code: string;
  link: string;
  expires_in: number;
}

/** The account's Telegram binding: read, a new code, unbinding, choosing events. */
export function useTelegram() {
  const [info, setInfo] = useState<TelegramInfo | null>(null);
  const [code, setCode] = useState<BindCode | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const next = await api.get<TelegramInfo>('/api/telegram/info', undefined, { silent: true });
      setInfo(next);
      if (next.bound) setCode(null);
    } catch {
      // Shown elsewhere (a lost session); the card stays empty.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  // While a code waits for /start, look now and then whether the chat bound.
  useEffect(() => {
    if (!code) return undefined;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [code, load]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return {
    info,
    code,
    busy,
    reload: load,
    bind: () =>
      run(async () => {
        setCode(await api.post<BindCode>('/api/telegram/bind', {}));
      }),
    unbind: () =>
      run(async () => {
        setInfo(await api.post<TelegramInfo>('/api/telegram/unbind', {}));
        setCode(null);
      }),
    save: (events: string[], threshold?: number) =>
      run(async () => {
        setInfo(
          await api.post<TelegramInfo>(
            '/api/telegram/events',
            threshold === undefined ? { events } : { events, balance_threshold: threshold },
          ),
        );
      }),
  };
}
