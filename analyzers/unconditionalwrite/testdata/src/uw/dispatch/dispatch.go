// Package dispatch holds client-go controllers run by the generic worker
// of package runner: their Sync methods are reconcile roots because the
// worker calls them with its queue's keys, not because of their names.
// They split the key by hand, so nothing else marks them as roots.
package dispatch

import (
	"context"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/util/workqueue"

	"uw/runner"
)

type podController struct {
	client kubernetes.Interface
	pods   corelisters.PodLister
}

// NewPodController wires podController to a runner.
func NewPodController(q workqueue.TypedInterface[string], cs kubernetes.Interface, pods corelisters.PodLister) *runner.Runner {
	return runner.New(q, &podController{client: cs, pods: pods})
}

// P: the phase is written on every sync.
func (c *podController) Sync(ctx context.Context, key string) error {
	ns, name, _ := strings.Cut(key, "/")
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	pod.Status.Phase = corev1.PodRunning
	_, err = c.client.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `unconditionalwrite: UpdateStatus of the Pod runs on every reconcile`
	return err
}

type podControllerFixed struct {
	client kubernetes.Interface
	pods   corelisters.PodLister
}

// NewPodControllerFixed wires the fixed twin.
func NewPodControllerFixed(q workqueue.TypedInterface[string], cs kubernetes.Interface, pods corelisters.PodLister) *runner.Runner {
	return runner.New(q, &podControllerFixed{client: cs, pods: pods})
}

// N: the fixed twin writes only when the phase differs.
func (c *podControllerFixed) Sync(ctx context.Context, key string) error {
	ns, name, _ := strings.Cut(key, "/")
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if pod.Status.Phase == corev1.PodRunning {
		return nil
	}
	pod = pod.DeepCopy()
	pod.Status.Phase = corev1.PodRunning
	_, err = c.client.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	return err
}

// N: a Sync method that no worker runs is no root, whatever its name.
type unwired struct {
	client kubernetes.Interface
	pods   corelisters.PodLister
}

func (c *unwired) Sync(ctx context.Context, key string) error {
	ns, name, _ := strings.Cut(key, "/")
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	pod.Status.Phase = corev1.PodRunning
	_, err = c.client.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	return err
}

type podApplier struct {
	client kubernetes.Interface
}

// NewPodApplier wires podApplier to a runner.
func NewPodApplier(q workqueue.TypedInterface[string], cs kubernetes.Interface) *runner.Runner {
	return runner.New(q, &podApplier{client: cs})
}

// N: server-side apply of the full desired state on every sync is the
// idempotent pattern (the API server changes nothing when nothing
// differs), also through the typed clientset's ApplyStatus.
func (c *podApplier) Sync(ctx context.Context, key string) error {
	ns, name, _ := strings.Cut(key, "/")
	desired := applycorev1.Pod(name, ns).WithLabels(map[string]string{"example.com/managed": "true"})
	_, err := c.client.CoreV1().Pods(ns).ApplyStatus(ctx, desired, metav1.ApplyOptions{FieldManager: "dispatch", Force: true})
	return err
}

type podHandler struct {
	client kubernetes.Interface
	pods   corelisters.PodLister
}

// NewPodHandler wires podHandler to a closure runner.
func NewPodHandler(q workqueue.TypedInterface[any], cs kubernetes.Interface, pods corelisters.PodLister) *runner.ClosureRunner {
	return runner.NewClosureRunner(q, &podHandler{client: cs, pods: pods})
}

// P: the same write, in a handler whose runner passes the item through a
// closure and a helper before it dispatches it.
func (c *podHandler) Handle(ctx context.Context, key string) error {
	ns, name, _ := strings.Cut(key, "/")
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	pod.Status.Phase = corev1.PodRunning
	_, err = c.client.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `unconditionalwrite: UpdateStatus of the Pod runs on every reconcile`
	return err
}
