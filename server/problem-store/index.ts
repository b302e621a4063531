/**
 * Problems kept in the database rather than in problems/<slug>/: imported packages (CLI, upload on
 * /class) and published drafts. The names below are the module's stable entry points.
 */
export { importPackage, MAX_ZIP_BYTES, type ImportOptions, type ImportResult, type ImportSource } from './import';
export { runPackageSolutions, packageTests, formatSolutionRow, type RunSolutionsOptions } from './solutions';
export { storePackage, setPublished, storedProblemsVersion, getStoredProblem, isBuiltInSlug, STORED_HASH_PREFIX, type StoreOptions, type StoredProblem } from './store';
export { StoreRefused, type SolutionReport, type StoredChecker, type StoredPackageData } from './types';
