package main

import "math"

// earthRadius is the mean Earth radius in metres. The simulator moves people
// a few kilometres at most, where a sphere is plenty.
const earthRadius = 6_371_008.8

func radians(deg float64) float64 { return deg * math.Pi / 180 }
func degrees(rad float64) float64 { return rad * 180 / math.Pi }

// offset moves a point north and east by the given metres. It is the flat
// approximation, accurate to well under a metre over a few kilometres.
func offset(lat, lon, north, east float64) (float64, float64) {
	cos := math.Max(math.Cos(radians(lat)), 1e-6)
	lat += degrees(north / earthRadius)
	lon += degrees(east / (earthRadius * cos))
	return math.Max(-90, math.Min(90, lat)), wrapLon(lon)
}

func wrapLon(lon float64) float64 {
	for lon > 180 {
		lon -= 360
	}
	for lon < -180 {
		lon += 360
	}
	return lon
}

// distance is the great-circle distance in metres (haversine).
func distance(lat1, lon1, lat2, lon2 float64) float64 {
	dLat := radians(lat2 - lat1)
	dLon := radians(lon2 - lon1)
	a := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(radians(lat1))*math.Cos(radians(lat2))*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadius * math.Asin(math.Sqrt(math.Min(1, a)))
}

// bearing is the initial direction from the first point to the second, in
// radians clockwise from north.
func bearing(lat1, lon1, lat2, lon2 float64) float64 {
	φ1, φ2 := radians(lat1), radians(lat2)
	dλ := radians(lon2 - lon1)
	y := math.Sin(dλ) * math.Cos(φ2)
	x := math.Cos(φ1)*math.Sin(φ2) - math.Sin(φ1)*math.Cos(φ2)*math.Cos(dλ)
	return math.Atan2(y, x)
}

// move walks metres from a point in a direction (radians from north).
func move(lat, lon, heading, metres float64) (float64, float64) {
	return offset(lat, lon, metres*math.Cos(heading), metres*math.Sin(heading))
}

// round7 keeps seven decimals, about a centimetre: what a GPS module reports,
// and it keeps the packets short.
func round7(deg float64) float64 { return math.Round(deg*1e7) / 1e7 }
