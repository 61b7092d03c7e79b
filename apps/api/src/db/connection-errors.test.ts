import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { findConnectionFailure } from './connection-errors.js';

/** An error as node-postgres builds it from a server's ErrorResponse. */
function serverError(code: string, message = 'server error'): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
}

/** A Node socket error, e.g. from a refused connect. */
function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('findConnectionFailure', () => {
  it.each([
    ['a refused connect', socketError('ECONNREFUSED')],
    ['a connection reset', socketError('ECONNRESET')],
    ['an unknown host', socketError('ENOTFOUND')],
    ['PostgreSQL shutting down (pg_ctl -m fast, pg_terminate_backend)', serverError('57P01')],
    ['PostgreSQL shutting down after a crash', serverError('57P02')],
    ['PostgreSQL still starting up', serverError('57P03')],
    ['a connection exception (class 08)', serverError('08006')],
    ['a protocol-level connection failure (08P01)', serverError('08P01')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out in pg', new Error('Connection terminated due to connection timeout')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['a query on a connection that died', new Error('Client has encountered a connection error and is not queryable')],
  ])('recognises %s', (_case, error) => {
    expect(findConnectionFailure(error)).toBe(error);
  });

  it('looks through the error Drizzle wraps around the driver error', () => {
    const lost = serverError('57P01', 'terminating connection due to administrator command');
    expect(findConnectionFailure(new DrizzleQueryError('select 1', [], lost))).toBe(lost);
  });

  it('looks into an AggregateError (a failed connect to every address of a host)', () => {
    const refused = socketError('ECONNREFUSED');
    expect(findConnectionFailure(new AggregateError([refused], 'connect failed'))).toBe(refused);
  });

  it.each([
    ['a unique violation', serverError('23505')],
    ['a syntax error', serverError('42601')],
    ['a serialization failure', serverError('40001')],
    ['a query cancelled by statement_timeout', serverError('57014')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['a Drizzle error around a constraint violation', new DrizzleQueryError('insert', [], serverError('23503'))],
    ['something that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_case, error) => {
    expect(findConnectionFailure(error)).toBeUndefined();
  });

  it('stops on an error that is its own cause', () => {
    const looping = new Error('looping');
    looping.cause = looping;
    expect(findConnectionFailure(looping)).toBeUndefined();
  });
});
