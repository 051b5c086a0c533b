package sample

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	listersappsv1 "k8s.io/client-go/listers/apps/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/record"
)

// Legacy is a client-go style controller.
type Legacy struct {
	Client      kubernetes.Interface
	Dynamic     dynamic.Interface
	Recorder    record.EventRecorder
	Deployments listersappsv1.DeploymentLister
}

// Run wires informers and touches the typed clients.
func (l *Legacy) Run(ctx context.Context, cfg *rest.Config) error {
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	factory := informers.NewSharedInformerFactory(cs, time.Minute)
	pods := factory.Core().V1().Pods()
	_, _ = pods.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {},
	})
	if !cache.WaitForCacheSync(ctx.Done(), pods.Informer().HasSynced) {
		return nil
	}
	if _, err := pods.Lister().Pods("ns").List(labels.Everything()); err != nil {
		return err
	}
	cm, err := l.Client.CoreV1().ConfigMaps("ns").Get(ctx, "name", metav1.GetOptions{})
	if err != nil {
		return err
	}
	l.Recorder.Event(cm, corev1.EventTypeNormal, "Seen", "configmap seen")
	if _, err := l.Client.CoreV1().ConfigMaps("ns").Apply(ctx, corev1ac.ConfigMap("name", "ns").WithLabels(map[string]string{"a": "b"}), metav1.ApplyOptions{FieldManager: "sample"}); err != nil {
		return err
	}
	if _, err := l.Client.CoreV1().Pods("ns").Patch(ctx, "p", types.MergePatchType, []byte(`{}`), metav1.PatchOptions{}); err != nil {
		return err
	}
	if _, err := l.Client.AppsV1().Deployments("ns").UpdateStatus(ctx, nil, metav1.UpdateOptions{}); err != nil {
		return err
	}
	_, err = l.Dynamic.Resource(schema.GroupVersionResource{Version: "v1", Resource: "pods"}).Namespace("ns").List(ctx, metav1.ListOptions{})
	return err
}
