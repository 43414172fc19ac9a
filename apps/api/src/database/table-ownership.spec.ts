import { join } from 'node:path';
import { entitiesIn, ownershipViolations, readSources } from '../../test/support/table-ownership';

/** Each module owns its tables: only it imports their entities; the others call its service (docs/architecture.md). */
describe('table ownership', () => {
  const sources = readSources(join(__dirname, '..'));

  it('finds every entity the data source loads', () => {
    const registry = sources.get('database/entities.ts')!;
    const listed = [...registry.matchAll(/import \{ (\w+Entity) \}/g)].map((m) => m[1]).sort();
    expect(
      entitiesIn(sources)
        .map((e) => e.name)
        .sort(),
    ).toEqual(listed);
  });

  it('no module uses an entity of another module', () => {
    const violations = ownershipViolations(sources).map(
      ({ file, entity, owner }) => `${file} uses ${entity}: call the ${owner} module's service instead`,
    );
    expect(violations).toEqual([]);
  });

  it('catches a repository injected outside its module, as the feeds once did', () => {
    const files = new Map(sources);
    files.set(
      'admin/feeds.service.ts',
      [
        "import { ChannelEntity } from '../channel/channel.entity';",
        'export class FeedsService {',
        '  constructor(@InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>) {}',
        '}',
      ].join('\n'),
    );
    files.set('demo/seed.ts', 'const exists = (ds: DataSource) => ds.getRepository(VideoEntity).exists();');
    expect(ownershipViolations(files)).toEqual([
      { file: 'admin/feeds.service.ts', entity: 'ChannelEntity', owner: 'channel' },
      { file: 'demo/seed.ts', entity: 'VideoEntity', owner: 'videos' },
    ]);
  });
});
