/**
 * The links' TXT export: filters the export call does not take are read through the list, page by
 * page until a short page (the list's total stops counting at 10,000); a file the limit cut says so.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Refine } from '@refinedev/core';
import { App as AntApp } from 'antd';
import { resources } from '../../../resources.config';
import { refineSetup } from '../../../src/app/refine-setup';
import TokenExportToolbar from '../../../src/resources/links/TokenExportToolbar';
import { useEnvelopeServer, type Recorded } from '../providers/envelope-server';

const server = useEnvelopeServer();
afterEach(() => cleanup());
const COUNT_CAP = 10_000;
const def = resources.tokens;
/**
 * Reading 50,000 links page by page takes seconds here and a minute on a loaded machine (the fake
 * server and jsdom share one thread): bounds only an export that never ends reaches.
 */
const EXPORT_WAIT = { timeout: 200_000 };
const EXPORT_TEST_MS = 300_000;

/** `rows` links served like the server's list: pages as asked, total capped. */
function serveList(rows: number) {
  server.on('POST /api/token/data', (req: Recorded) => {
    const page = Number(req.query.page);
    const size = Number(req.query.pageSize);
    const from = (page - 1) * size;
    const list = Array.from({ length: Math.max(0, Math.min(size, rows - from)) }, (_, i) => ({
      id: from + i + 1,
      identifier: `86138${String(from + i + 1).padStart(8, '0')}`,
      url: `https://x.test/c/t${from + i + 1}`,
    }));
    return { data: { list, total: Math.min(rows, COUNT_CAP), ...(rows > COUNT_CAP ? { capped: true } : {}) } };
  });
}

function renderToolbar(filters: Record<string, unknown>) {
  render(
    <MemoryRouter>
      <Refine {...refineSetup({ tokens: def })}>
        <AntApp>
          <TokenExportToolbar
            resource="tokens"
            def={def}
            label="导出TXT"
            filters={filters}
            selected={[]}
            selectedRecords={[]}
            records={[]}
            clearSelection={() => undefined}
            total={COUNT_CAP}
            onDone={() => undefined}
          />
        </AntApp>
      </Refine>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: /导出TXT/ }));
}

describe('TXT export of links', () => {
  const blobs: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  const keep = (e: MouseEvent) => {
    const a = e.target as HTMLAnchorElement;
    if (a.tagName === 'A' && a.download) e.preventDefault();
  };
  beforeEach(() => {
    blobs.length = 0;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:txt';
    };
    URL.revokeObjectURL = () => undefined;
    document.addEventListener('click', keep, true);
    return () => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      document.removeEventListener('click', keep, true);
    };
  });

  it(
    'through the list: all 12,345 matching links, though the list counts 10,000',
    async () => {
      serveList(12_345);
      renderToolbar({ identifier: '86138' });
      expect(await screen.findByText('已导出 12345 条链接', undefined, EXPORT_WAIT)).toBeTruthy();
      const lines = (await blobs[0].text()).split('\r\n');
      expect(lines).toHaveLength(12_345 + 1);
      expect(lines[12_344]).toBe('8613800012345----https://x.test/c/t12345');
      expect(server.calls('POST /api/token/data').every((r) => r.body.identifier === '86138')).toBe(true);
    },
    EXPORT_TEST_MS,
  );

  it(
    'through the list past its limit: the first 50,000, and a message that the file was cut',
    async () => {
      serveList(50_003);
      renderToolbar({ identifier: '86138' });
      expect(await screen.findByText('已导出前 50000 条链接（文件已截断，请用筛选缩小范围）', undefined, EXPORT_WAIT)).toBeTruthy();
      expect((await blobs[0].text()).split('\r\n')).toHaveLength(50_000 + 1);
    },
    EXPORT_TEST_MS,
  );

  it('through the export call: a cut answer says so', async () => {
    const list = Array.from({ length: 3 }, (_, i) => ({ identifier: `id${i}`, url: `https://x.test/c/t${i}` }));
    server.on('POST /api/token/export', { data: { list, total: 3, truncated: true } });
    renderToolbar({ state: 'active' });
    expect(await screen.findByText('已导出前 3 条链接（文件已截断，请用筛选缩小范围）')).toBeTruthy();
    expect(server.calls('POST /api/token/export')[0].body).toEqual({ state: 'active' });
  });
});
