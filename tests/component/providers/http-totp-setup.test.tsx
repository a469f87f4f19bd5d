import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { api, ApiError } from '../../../src/providers/http';
import { navigation } from '../../../src/providers/navigation';
import { rejection, useEnvelopeServer } from './envelope-server';

/** A sup already logged in when 强制管理员两步验证 is turned on: the next refused call sends them to the setup. */
const server = useEnvelopeServer();
let went: string[];
beforeEach(() => {
  went = [];
  navigation.set((path) => {
    went.push(path);
  });
});

describe('the http client and a required two-step setup', () => {
  it('goes to user/info when a call is refused with data.totp_setup_required', async () => {
    server.on('GET /api/order/data', { code: 403, message: '管理员账号须先开启两步验证', data: { totp_setup_required: true } });
    const error = await rejection(api.get('/api/order/data'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(403);
    expect(went).toEqual(['/user/info']);
    expect(await screen.findByText('管理员账号须先开启两步验证')).toBeTruthy();
  });

  it('also when the caller shows the error itself', async () => {
    server.on('POST /api/goods/add', { code: 403, message: '须先开启两步验证', data: { totp_setup_required: true } });
    await rejection(api.post('/api/goods/add', {}, undefined, { silent: true }));
    expect(went).toEqual(['/user/info']);
  });

  it('stays put on any other refusal', async () => {
    server.on('GET /api/order/data', { code: 403, message: '没有权限', data: null });
    await rejection(api.get('/api/order/data'));
    expect(went).toEqual([]);
  });
});
