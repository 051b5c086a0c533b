package v1

// DeepCopyInto copies the receiver into out.
func (in *ObjectMeta) DeepCopyInto(out *ObjectMeta) {
	*out = *in
	in.CreationTimestamp.DeepCopyInto(&out.CreationTimestamp)
	if in.DeletionTimestamp != nil {
		out.DeletionTimestamp = in.DeletionTimestamp.DeepCopy()
	}
	if in.DeletionGracePeriodSeconds != nil {
		v := *in.DeletionGracePeriodSeconds
		out.DeletionGracePeriodSeconds = &v
	}
	out.Labels = copyMap(in.Labels)
	out.Annotations = copyMap(in.Annotations)
	if in.OwnerReferences != nil {
		out.OwnerReferences = make([]OwnerReference, len(in.OwnerReferences))
		for i := range in.OwnerReferences {
			in.OwnerReferences[i].DeepCopyInto(&out.OwnerReferences[i])
		}
	}
	if in.Finalizers != nil {
		out.Finalizers = append([]string(nil), in.Finalizers...)
	}
	if in.ManagedFields != nil {
		out.ManagedFields = append([]ManagedFieldsEntry(nil), in.ManagedFields...)
	}
}

// DeepCopy copies the receiver.
func (in *ObjectMeta) DeepCopy() *ObjectMeta {
	if in == nil {
		return nil
	}
	out := new(ObjectMeta)
	in.DeepCopyInto(out)
	return out
}

func copyMap(in map[string]string) map[string]string {
	if in == nil {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *ListMeta) DeepCopyInto(out *ListMeta) {
	*out = *in
	if in.RemainingItemCount != nil {
		v := *in.RemainingItemCount
		out.RemainingItemCount = &v
	}
}

// DeepCopy copies the receiver.
func (in *ListMeta) DeepCopy() *ListMeta {
	if in == nil {
		return nil
	}
	out := new(ListMeta)
	in.DeepCopyInto(out)
	return out
}

// DeepCopy copies the receiver.
func (t *Time) DeepCopy() *Time {
	if t == nil {
		return nil
	}
	out := new(Time)
	t.DeepCopyInto(out)
	return out
}

// DeepCopy copies the receiver.
func (t *MicroTime) DeepCopy() *MicroTime {
	if t == nil {
		return nil
	}
	out := new(MicroTime)
	t.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *OwnerReference) DeepCopyInto(out *OwnerReference) {
	*out = *in
	if in.Controller != nil {
		v := *in.Controller
		out.Controller = &v
	}
	if in.BlockOwnerDeletion != nil {
		v := *in.BlockOwnerDeletion
		out.BlockOwnerDeletion = &v
	}
}

// DeepCopy copies the receiver.
func (in *OwnerReference) DeepCopy() *OwnerReference {
	if in == nil {
		return nil
	}
	out := new(OwnerReference)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *Condition) DeepCopyInto(out *Condition) {
	*out = *in
	in.LastTransitionTime.DeepCopyInto(&out.LastTransitionTime)
}

// DeepCopy copies the receiver.
func (in *Condition) DeepCopy() *Condition {
	if in == nil {
		return nil
	}
	out := new(Condition)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *LabelSelector) DeepCopyInto(out *LabelSelector) {
	*out = *in
	out.MatchLabels = copyMap(in.MatchLabels)
	if in.MatchExpressions != nil {
		out.MatchExpressions = make([]LabelSelectorRequirement, len(in.MatchExpressions))
		for i, r := range in.MatchExpressions {
			r.Values = append([]string(nil), r.Values...)
			out.MatchExpressions[i] = r
		}
	}
}

// DeepCopy copies the receiver.
func (in *LabelSelector) DeepCopy() *LabelSelector {
	if in == nil {
		return nil
	}
	out := new(LabelSelector)
	in.DeepCopyInto(out)
	return out
}
