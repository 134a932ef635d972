package meanfield
import ("fmt";"testing";"github.com/sigprop/sigprop/lib/activation")
func TestExplore(t *testing.T){
	th := activation.Tanh()
	for _, q := range []float64{0.0259,0.1,0.25,0.5,0.8214,1,1.5} { w,b,err:=EoCFromQ(th,q); fmt.Println(q,w,b,err)}
	for _, b := range []float64{0.01,0.05,0.1,0.2,0.25} { w,q,err:=EoCSigmaW2(th,b); fmt.Println("sb2",b,w,q,err)}
	for _, w := range []float64{1.0,1.5,2,2.5,3} { n:=Net{Phi:th,SigmaW2:w,SigmaB2:0.05}; s,err:=n.DepthScales(); fmt.Printf("%+v %v\n",s,err)}
	for _, name := range []string{"erf","hardtanh"} { f,_:=activation.ByName(name); for _, q:= range []float64{0.25,0.5,1} { w,b,err:=EoCFromQ(f,q); fmt.Println(name,q,w,b,err)}}
}
