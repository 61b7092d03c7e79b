// The VAT rates are reference data, read by more than this feature (reference-data/vats.ts).
export { listVats, vatKeys, vatsQuery } from '../../../reference-data/vats';
