import { libraryConfig } from '../../scripts/build/library.ts';

export default libraryConfig({ dir: import.meta.dirname, platform: 'neutral' });
