/** A refusal or failure the operator can act on, said in one Chinese line (no stack trace). */
export class BackupError extends Error {}
