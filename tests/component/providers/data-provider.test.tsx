import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CrudFilters } from '@refinedev/core';
import { createDataProvider } from '../../../src/providers/data-provider';
import { authProvider } from '../../../src/providers/auth-provider';
import { navigation } from '../../../src/providers/navigation';
import { startEarly } from '../../../src/providers/http';
import { rejection, useEnvelopeServer } from './envelope-server';

const server = useEnvelopeServer();
const apis: Record<string, string> = { gadgets: 'gadget', users: 'user' };
const dataProvider = createDataProvider((name) => apis[name] ?? name);

let went: string[] = [];
beforeEach(() => {
  went = [];
  navigation.set((path) => {
    went.push(path);
  });
});

describe('dataProvider.getList', () => {
  const filters: CrudFilters = [
    { field: 'name', operator: 'contains', value: '手机' },
    { field: 'kind', operator: 'eq', value: 'sms' },
    { field: 'active', operator: 'eq', value: false },
    { field: 'stock', operator: 'eq', value: 0 },
    { field: 'price', operator: 'between', value: [10, 20.5] },
    { field: 'made_at', operator: 'between', value: ['2024-01-01 00:00:00', ''] },
    { field: 'remark', operator: 'contains', value: '' },
    { field: 'tags', operator: 'eq', value: [] },
    { field: 'create_at', operator: 'between', value: ['', ''] },
    { field: 'owner', operator: 'eq', value: null },
  ];

  it('posts the filters as the body, page and size in the query, and answers data and total', async () => {
    const list = [
      { id: 1, name: '手机A' },
      { id: 2, name: '手机B' },
    ];
    server.on('POST /api/gadget/data', { data: { list, total: 72 } });
    const answer = await dataProvider.getList({
      resource: 'gadgets',
      filters,
      pagination: { currentPage: 2, pageSize: 50, mode: 'server' },
      sorters: [
        { field: 'made_at', order: 'desc' },
        { field: 'name', order: 'asc' },
      ],
    });
    expect(answer).toEqual({ data: list, total: 72 });
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/gadget/data?page=2&pageSize=50');
    expect(req.body).toEqual({
      name: '手机',
      kind: 'sms',
      active: false,
      stock: 0,
      price: [10, 20.5],
      made_at: ['2024-01-01 00:00:00', ''],
      sort: 'made_at',
      order: 'desc',
    });
  });

  it('sends an empty body and page 1 of 20 when there is nothing to filter', async () => {
    server.on('POST /api/user/data', { data: { list: [], total: 0 } });
    const answer = await dataProvider.getList({ resource: 'users' });
    expect(answer).toEqual({ data: [], total: 0 });
    expect(server.requests[0].url).toBe('/api/user/data?page=1&pageSize=20');
    expect(server.requests[0].body).toEqual({});
  });
});

describe('dataProvider single records and writes', () => {
  it('getOne reads GET /api/<api>/detail?id=', async () => {
    server.on('GET /api/gadget/detail', (req) => ({ data: { id: Number(req.query.id), name: '甲' } }));
    await expect(dataProvider.getOne({ resource: 'gadgets', id: 7 })).resolves.toEqual({ data: { id: 7, name: '甲' } });
    expect(server.requests[0].url).toBe('/api/gadget/detail?id=7');
  });

  it('getMany reads each detail', async () => {
    server.on('GET /api/gadget/detail', (req) => ({ data: { id: Number(req.query.id) } }));
    await expect(dataProvider.getMany!({ resource: 'gadgets', ids: [3, 4] })).resolves.toEqual({ data: [{ id: 3 }, { id: 4 }] });
    expect(server.requests.map((r) => r.url).sort()).toEqual(['/api/gadget/detail?id=3', '/api/gadget/detail?id=4']);
  });

  it('create posts the variables to add', async () => {
    server.on('POST /api/gadget/add', (req) => ({ data: { id: 9, ...req.body } }));
    const answer = await dataProvider.create({ resource: 'gadgets', variables: { name: '乙', price: 12.5, active: true } });
    expect(answer.data).toEqual({ id: 9, name: '乙', price: 12.5, active: true });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/gadget/add', body: { name: '乙', price: 12.5, active: true } });
  });

  it('update posts the variables with the id to edit', async () => {
    await dataProvider.update({ resource: 'gadgets', id: 5, variables: { name: '丙' } });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/gadget/edit', body: { name: '丙', id: 5 } });
  });

  it('deleteOne and deleteMany post the ids to del', async () => {
    await expect(dataProvider.deleteOne({ resource: 'gadgets', id: 3 })).resolves.toEqual({ data: { id: 3 } });
    await dataProvider.deleteMany!({ resource: 'gadgets', ids: [1, 2] });
    expect(server.calls('POST /api/gadget/del').map((r) => r.body)).toEqual([{ ids: [3] }, { ids: [1, 2] }]);
  });

  it('custom calls go to the given url with their method', async () => {
    server.on('GET /api/statistics/index', (req) => ({ data: { q: req.query } }));
    server.on('POST /api/user/money', (req) => ({ data: { b: req.body } }));
    await expect(dataProvider.custom!({ url: '/api/statistics/index', method: 'get', query: { a: 1 } })).resolves.toEqual({
      data: { q: { a: '1' } },
    });
    await expect(dataProvider.custom!({ url: '/api/user/money', method: 'post', payload: { amount: 5 } })).resolves.toEqual({
      data: { b: { amount: 5 } },
    });
  });

  it("a custom call takes the answer of the same call started ahead (首页's figures): one request", async () => {
    let n = 0;
    server.on('GET /api/statistics/index', () => ({ data: { n: ++n } }));
    startEarly({ method: 'GET', url: '/api/statistics/index' });
    await expect(dataProvider.custom!({ url: '/api/statistics/index', method: 'get' })).resolves.toEqual({ data: { n: 1 } });
    expect(server.calls('GET /api/statistics/index')).toHaveLength(1);
  });

  it("a refused custom call rejects with the envelope's code as Refine's statusCode, and its message", async () => {
    server.on('POST /api/user/money', { code: 403, message: '没有权限' });
    await expect(dataProvider.custom!({ url: '/api/user/money', method: 'post', payload: {} })).rejects.toMatchObject({
      statusCode: 403,
      message: '没有权限',
    });
  });
});

describe('dataProvider errors', () => {
  it('a refused save rejects with statusCode 400 and the field errors, and says why once', async () => {
    server.on('POST /api/gadget/add', { code: 400, message: '名称已存在', data: { errors: { name: '名称已存在' } } });
    const error = await rejection(dataProvider.create({ resource: 'gadgets', variables: { name: '甲' } }));
    expect(error).toMatchObject({ statusCode: 400, message: '名称已存在', errors: { name: '名称已存在' } });
    expect(await screen.findByText('名称已存在')).toBeTruthy();
    expect(screen.getAllByText('名称已存在')).toHaveLength(1);
  });

  it('a refused list call rejects with its code and toasts the message', async () => {
    server.on('POST /api/user/data', { code: 403, message: '没有权限执行此操作' });
    const error = await rejection(dataProvider.getList({ resource: 'users' }));
    expect(error).toMatchObject({ statusCode: 403, message: '没有权限执行此操作' });
    expect(await screen.findByText('没有权限执行此操作')).toBeTruthy();
  });

  it('a lost session reaches Refine as a status the authProvider logs out on', async () => {
    server.on('POST /api/user/data', { code: 204, message: '登录已过期' });
    const error = await rejection(dataProvider.getList({ resource: 'users' }));
    expect(error.statusCode).toBe(204);
    expect(went).toEqual(['/login']);
    await expect(authProvider.onError(error)).resolves.toEqual({ logout: true, redirectTo: '/login' });
    await expect(authProvider.onError({ statusCode: 400 })).resolves.toEqual({});
  });
});
