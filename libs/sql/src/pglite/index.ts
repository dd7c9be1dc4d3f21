export { PgliteClient } from './pglite.client';
