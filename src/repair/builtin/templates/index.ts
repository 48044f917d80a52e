/**
 * Every repair template, in a fixed order (the order breaks ties between equally scored
 * candidates, so the search is deterministic).
 */
import type { RepairTemplate } from '../template.js';
import { arithmeticOperator } from './arithmetic-operator.js';
import { caseInsensitive } from './case-insensitive.js';
import { comparisonOperator } from './comparison-operator.js';
import { confusedApi } from './confused-api.js';
import { dropOperand } from './drop-operand.js';
import { logicalOperator } from './logical-operator.js';
import { missingBreak } from './missing-break.js';
import { missingExtremum } from './missing-extremum.js';
import { missingIncrement } from './missing-increment.js';
import { missingReturn } from './missing-return.js';
import { missingSlice } from './missing-slice.js';
import { negateCondition } from './negate-condition.js';
import { nullGuard } from './null-guard.js';
import { offByOne } from './off-by-one.js';
import { replaceAttribute } from './replace-attribute.js';
import { replaceVariable } from './replace-variable.js';
import { returnValue } from './return-value.js';
import { sliceRangeBound } from './slice-range-bound.js';
import { swapArguments } from './swap-arguments.js';
import { unwrapCall } from './unwrap-call.js';

export const TEMPLATES: readonly RepairTemplate[] = [
  comparisonOperator,
  offByOne,
  arithmeticOperator,
  logicalOperator,
  sliceRangeBound,
  negateCondition,
  missingReturn,
  returnValue,
  nullGuard,
  swapArguments,
  confusedApi,
  missingIncrement,
  replaceVariable,
  missingBreak,
  caseInsensitive,
  missingExtremum,
  unwrapCall,
  dropOperand,
  missingSlice,
  replaceAttribute,
];
