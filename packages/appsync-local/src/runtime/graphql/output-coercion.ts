/**
 * Output coercion of the built-in scalars as AppSync does it: AppSync runs on graphql-java, whose
 * serializers are more lenient than graphql-js's (graphql-java/graphql-java, src/main/java/graphql/scalar/
 * GraphqlBooleanCoercing, GraphqlIntCoercing, GraphqlFloatCoercing, GraphqlStringCoercing, GraphqlIDCoercing,
 * CoercingUtil; localstack/localstack#10257 records AppSync turning "false" into false):
 *   - Boolean: a boolean; the strings "true"/"false" in any case; a number (true unless zero).
 *   - Int: a number or a decimal string (java.math.BigDecimal's syntax) with an exact 32-bit integer value.
 *   - Float: a number or a decimal string with a finite value.
 *   - String and ID: a string; a boolean or a number as its text.
 * Values graphql-java accepts but whose text we cannot know (objects and lists as a String or ID, through
 * Java's toString) are left to graphql-js, which refuses them *(guess)*.
 */
import { GraphQLError, getNullableType, isListType, isScalarType, type GraphQLOutputType } from 'graphql';

/** java.math.BigDecimal(String): sign, digits with an optional point, optional exponent. */
const JAVA_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** graphql-java names the Java class of the value it could not convert. *(guess: the class AppSync's JSON gives)* */
function javaTypeName(value: unknown): string {
  if (typeof value === 'string') return 'String';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'Integer' : 'Double';
  return Array.isArray(value) ? 'ArrayList' : 'LinkedHashMap';
}

const NOT_CONVERTIBLE = Symbol('not convertible');

function decimal(value: unknown): number | typeof NOT_CONVERTIBLE {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && JAVA_DECIMAL.test(value)) return Number(value);
  return NOT_CONVERTIBLE;
}

const converters: Record<string, (value: unknown) => unknown> = {
  Boolean: (value) => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : NOT_CONVERTIBLE;
    }
    return typeof value === 'number' ? value !== 0 : NOT_CONVERTIBLE;
  },
  Int: (value) => {
    const n = decimal(value);
    return n !== NOT_CONVERTIBLE && Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : NOT_CONVERTIBLE;
  },
  Float: (value) => {
    const n = decimal(value);
    return n !== NOT_CONVERTIBLE && Number.isFinite(n) ? n : NOT_CONVERTIBLE;
  },
  String: (value) => (typeof value === 'boolean' || typeof value === 'number' ? String(value) : value),
  ID: (value) => (typeof value === 'boolean' || typeof value === 'number' ? String(value) : value),
};

/**
 * A value graphql-js's serializer turns into this field error (graphql-js reads `valueOf` of an object
 * before serializing it), so that the error lands on the list item it belongs to.
 */
function unserializable(scalar: string, value: unknown): object {
  const message = `Expected type '${scalar}' but was '${javaTypeName(value)}'.`;
  return {
    valueOf() {
      throw new GraphQLError(message);
    },
  };
}

function coerce(convert: (value: unknown) => unknown, scalar: string, depth: number, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (depth > 0) return Array.isArray(value) ? value.map((v) => coerce(convert, scalar, depth - 1, v)) : value;
  const converted = convert(value);
  return converted === NOT_CONVERTIBLE ? unserializable(scalar, value) : converted;
}

/** For a field's type: what to apply to its resolved value before graphql-js serializes it, or null. */
export function outputCoercion(type: GraphQLOutputType): ((value: unknown) => unknown) | null {
  let named = getNullableType(type);
  let depth = 0;
  while (isListType(named)) {
    named = getNullableType(named.ofType);
    depth += 1;
  }
  if (!isScalarType(named)) return null;
  const convert = converters[named.name];
  if (!convert) return null;
  const scalar = named.name;
  return (value) => coerce(convert, scalar, depth, value);
}
