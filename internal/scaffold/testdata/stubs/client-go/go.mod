module k8s.io/client-go

go 1.26.0

require k8s.io/apimachinery v0.0.0

replace k8s.io/apimachinery => ../apimachinery
