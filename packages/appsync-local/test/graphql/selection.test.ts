import { describe, expect, it } from 'vitest';
import type { ResolverInfo } from '../../src/runtime/types.ts';
import { echoDataSource, fakeCode, query, testApi } from './fakes.ts';

const schema = /* GraphQL */ `
  type Query {
    getPost(id: ID!): Post
  }
  type Post {
    postId: ID!
    title: String
    content: String
    author(id: ID): Author
    comments: [Comment]
  }
  type Author {
    authorId: ID!
    name: String
  }
  type Comment {
    id: ID!
    text: String
    author: Author
  }
`;

async function infoFor(text: string, variables?: Record<string, unknown>): Promise<ResolverInfo> {
  let info: ResolverInfo | undefined;
  const api = testApi({
    schema,
    wiring: {
      dataSources: [{ name: 'DS', kind: 'NONE' }],
      functions: [],
      resolvers: [{ typeName: 'Query', fieldName: 'getPost', kind: 'UNIT', dataSource: 'DS', code: 'r.ts' }],
      environment: {},
    },
    codes: {
      'r.ts': fakeCode('r', {
        request: (ctx) => {
          info = ctx.info;
          return {};
        },
        response: () => null,
      }),
    },
    dataSources: { DS: echoDataSource() },
  });
  const res = await query(api, text, variables);
  expect(res.status).toBe(200);
  return info!;
}

describe('ctx.info', () => {
  it('lists nested selections as /-joined paths, aliases by alias, fragments expanded, no __typename', async () => {
    const info = await infoFor(
      `query Q($postId: ID!, $authorId: ID) {
        getPost(id: $postId) {
          __typename
          postId
          title
          secondTitle: title
          author(id: $authorId) { authorId name }
          secondAuthor: author(id: "789") { authorId }
          ... on Post { inlineFrag: comments { id } }
          ...postFrag
        }
      }
      fragment postFrag on Post {
        postFrag: comments { id author { ...authorFields } }
      }
      fragment authorFields on Author { name }`,
      { postId: '123', authorId: '456' },
    );
    expect(info.fieldName).toBe('getPost');
    expect(info.parentTypeName).toBe('Query');
    expect(info.variables).toEqual({ postId: '123', authorId: '456' });
    expect(info.selectionSetList).toEqual([
      'postId',
      'title',
      'secondTitle',
      'author',
      'author/authorId',
      'author/name',
      'secondAuthor',
      'secondAuthor/authorId',
      'inlineFrag',
      'inlineFrag/id',
      'postFrag',
      'postFrag/id',
      'postFrag/author',
      'postFrag/author/name',
    ]);
  });

  it('gives the selection set as GraphQL text, keeping fragment spreads and inline fragments as written', async () => {
    const info = await infoFor(
      `{ getPost(id: "1") { postId ... on Post { title } ...f } } fragment f on Post { content }`,
    );
    expect(info.selectionSetGraphQL).toBe('{\n  postId\n  ... on Post {\n    title\n  }\n  ...f\n}');
  });

  it('merges a field selected twice', async () => {
    const info = await infoFor(`{ getPost(id: "1") { title } getPost(id: "1") { title content } }`);
    expect(info.selectionSetList).toEqual(['title', 'content']);
  });
});
