import { Children, cloneElement, isValidElement, type ReactNode, type Ref } from 'react';

// `asChild`: render the one child element (a router <Link>, say) with the component's props merged
// in, instead of the component's own element. Merging as the primitives libraries do: both event
// handlers run (the child's first), classes and styles combine, refs both receive the element, and
// any other prop of the child wins.

type AnyProps = Record<string, unknown>;

function composeRefs<T>(...refs: Array<Ref<T> | undefined>): Ref<T> {
  return (node: T) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

function mergeProps(slot: AnyProps, child: AnyProps): AnyProps {
  const merged: AnyProps = { ...slot };
  for (const [key, childValue] of Object.entries(child)) {
    const slotValue = slot[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    } else {
      merged[key] = childValue;
    }
  }
  return merged;
}

export type SlotProps = AnyProps & { children?: ReactNode; ref?: Ref<unknown> };

export function Slot({ children, ref, ...slotProps }: SlotProps) {
  const child = Children.only(children);
  if (!isValidElement<AnyProps>(child)) return null;
  const childRef = child.props.ref as Ref<unknown> | undefined;
  const props = mergeProps(slotProps, child.props);
  if (ref || childRef) props.ref = ref && childRef ? composeRefs(ref, childRef) : (ref ?? childRef);
  return cloneElement(child, props);
}
