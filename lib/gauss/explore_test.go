package gauss
import ("fmt";"math";"testing")
func trapz(f func(float64) float64, q, h, Z float64) (float64, int) {
	s := math.Sqrt(q); n := int(math.Ceil(Z/h)); h = Z/float64(n); sum := 0.0
	for i := -n; i <= n; i++ { z := float64(i)*h; sum += f(s*z)*math.Exp(-z*z/2) }
	return sum*h*invSqrt2Pi, 2*n+1
}
func TestExploreTrap(t *testing.T){
	sech4 := func(x float64) float64 { s := 1 - tanh2(x); return s * s }
	silu := func(x float64) float64 { v := x/(1+math.Exp(-x)); return v*v }
	for _, tau := range []float64{0.3, 0.4, 0.5, 0.6} {
		for _, q := range []float64{1e-6, 0.1, 1, 4, 25} {
			h := math.Min(0.5, tau/math.Sqrt(q))
			a, n := trapz(tanh2, q, h, 9); b, _ := trapz(sech4, q, h, 9); c,_ := trapz(silu,q,h,9)
			fmt.Printf("tau %.1f q %g n %d tanh2 %.1e sech4 %.1e silu %.1e\n", tau, q, n, relErr(a, trapezoid(tanh2,q)), relErr(b, trapezoid(sech4,q)), relErr(c, trapezoid(silu,q)))
		}
	}
}
