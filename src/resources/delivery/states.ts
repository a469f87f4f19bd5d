/** Only a failed delivery can be sent again (重发). */
export const canReplay = (record: { status?: unknown }) => record.status === 'failed';
