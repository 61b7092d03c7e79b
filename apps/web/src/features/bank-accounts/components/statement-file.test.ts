import { describe, expect, it } from 'vitest';
import { statementContentType } from './statement-file';

describe('statementContentType', () => {
  it('takes the content type from the extension, whatever its case', () => {
    expect(statementContentType('auszug.xml')).toBe('application/xml');
    expect(statementContentType('AUSZUG.XML')).toBe('application/xml');
    expect(statementContentType('camt.053.zip')).toBe('application/zip');
    expect(statementContentType('export.csv')).toBe('text/csv');
  });

  it('leaves anything else to the server, which reads the bytes', () => {
    expect(statementContentType('export.txt')).toBe('application/octet-stream');
    expect(statementContentType('auszug')).toBe('application/octet-stream');
  });
});
