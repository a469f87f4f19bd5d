/**
 * The list's CSV export past the server's count cap: `total` says 10,000 (capped) while more rows
 * match; the export writes them all, up to its own limit, and says plainly when that limit cut it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { EXPORT_MAX_ROWS } from '../../../src/framework/list/export-csv';
import { useEnvelopeServer, type Recorded } from '../providers/envelope-server';
import { preloadPages } from './harness';
import { openList } from './list-helpers';
import { testResources } from './test-config';

const server = useEnvelopeServer({ preload: preloadPages });
/** The server's count cap. */
const COUNT_CAP = 10_000;
/**
 * Reading and writing 100,000 rows takes seconds here and over a minute on a loaded machine (the
 * fake server and jsdom share one thread): bounds only an export that never ends reaches.
 */
const EXPORT_WAIT = { timeout: 200_000 };
const EXPORT_TEST_MS = 300_000;

/** A list of `rows` rows served like the server serves them: pages as asked, total capped. */
function serve(rows: number) {
  server.on('POST /api/gadget/data', (req: Recorded) => {
    const page = Number(req.query.page);
    const size = Number(req.query.pageSize);
    const from = (page - 1) * size;
    const list = Array.from({ length: Math.max(0, Math.min(size, rows - from)) }, (_, i) => ({
      id: from + i + 1,
      name: `工具${from + i + 1}`,
    }));
    return { data: { list, total: Math.min(rows, COUNT_CAP), ...(rows > COUNT_CAP ? { capped: true } : {}) } };
  });
}

/** Keeps the download from leaving the page; returns the blobs it would have saved. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return 'blob:csv';
  };
  URL.revokeObjectURL = () => undefined;
  const keep = (e: MouseEvent) => {
    const a = e.target as HTMLAnchorElement;
    if (a.tagName === 'A' && a.download) e.preventDefault();
  };
  document.addEventListener('click', keep, true);
  return {
    blobs,
    restore() {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      document.removeEventListener('click', keep, true);
    },
  };
}

describe('CSV export past the count cap', () => {
  let downloads: ReturnType<typeof catchDownloads>;
  beforeEach(() => {
    downloads = catchDownloads();
    return () => downloads.restore();
  });

  it(
    'a list counted as 10,000 (capped) exports all 12,345 rows and says so',
    async () => {
      serve(12_345);
      const user = await openList({ defs: testResources, url: '/lab/gadgets', role: 'sup', waitFor: '工具1' });
      await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
      expect(await screen.findByText('已导出 12345 条记录', undefined, EXPORT_WAIT)).toBeTruthy();
      const lines = (await downloads.blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toHaveLength(1 + 12_345 + 1);
      expect(lines[12_345]).toContain('"工具12345"');
    },
    EXPORT_TEST_MS,
  );

  it(
    'more rows than the export takes: the first of them, and a message that the file was cut',
    async () => {
      serve(EXPORT_MAX_ROWS + 7);
      const user = await openList({ defs: testResources, url: '/lab/gadgets', role: 'sup', waitFor: '工具1' });
      await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
      expect(
        await screen.findByText(`已导出前 ${EXPORT_MAX_ROWS} 条记录（文件已截断，请用筛选缩小范围）`, undefined, EXPORT_WAIT),
      ).toBeTruthy();
      const lines = (await downloads.blobs[0].text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines).toHaveLength(1 + EXPORT_MAX_ROWS + 1);
    },
    EXPORT_TEST_MS,
  );
});
