import { z } from 'zod';

/**
 * The file formats data leaves the product in (docs/reports.md): the forecast and every list as
 * XLSX or CSV.
 */
export const exportFormats = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportFormatSchema = z.enum(exportFormats, {
  error: 'Unbekanntes Format: erwartet wird «xlsx» oder «csv»',
});

/** The forecast also leaves as a PDF liquidity report (docs/reports.md "PDF"). */
export const forecastExportFormats = [...exportFormats, 'pdf'] as const;
export type ForecastExportFormat = (typeof forecastExportFormats)[number];

export const forecastExportFormatSchema = z.enum(forecastExportFormats, {
  error: 'Unbekanntes Format: erwartet wird «xlsx», «csv» oder «pdf»',
});

/** The paging a list's export leaves out: the file holds every row the list's query selects. */
export const unpaged = { page: true, limit: true } as const;
